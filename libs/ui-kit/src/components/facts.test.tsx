import { renderToStaticMarkup } from 'react-dom/server';
import { DetailSection, Facts } from './facts';

describe('DetailSection and Facts', () => {
  it('titles the box and reads an empty value as a dash without the value classes', () => {
    const html = renderToStaticMarkup(
      <DetailSection title="Cliente" testId="order-customer">
        <Facts
          rows={[
            ['Nome', 'Mario Rossi'],
            ['Tracking', '  ', 'font-mono'],
            ['Codice', 'ABC', 'font-mono'],
          ]}
        />
      </DetailSection>,
    );
    expect(html).toContain('data-testid="order-customer" aria-label="Cliente"><h3 class="text-sm font-semibold">Cliente</h3>');
    expect(html).toMatch(/<dt[^>]*>Nome<\/dt><dd[^>]*>Mario Rossi<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Tracking<\/dt><dd class="min-w-0 \[overflow-wrap:anywhere\]">—<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Codice<\/dt><dd class="[^"]*font-mono[^"]*">ABC<\/dd>/);
  });
});
