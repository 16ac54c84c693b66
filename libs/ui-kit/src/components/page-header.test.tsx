import { renderToStaticMarkup } from 'react-dom/server';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('titles the screen with its subtitle and its buttons', () => {
    const html = renderToStaticMarkup(<PageHeader title="Spedizioni" subtitle="Le spedizioni del merchant." actions={<button type="button">Processa Tutte</button>} />);
    expect(html).toMatch(/<h1 class="text-2xl font-semibold">Spedizioni<\/h1><p class="text-sm text-muted-foreground">Le spedizioni del merchant.<\/p><\/div><button type="button">Processa Tutte<\/button>/);
  });
  it('has no subtitle line without one', () => {
    expect(renderToStaticMarkup(<PageHeader title="Ordini" />)).not.toContain('<p');
  });
});
