import { renderToStaticMarkup } from 'react-dom/server';
import { StatusTabs, tabButtonClass } from './status-tabs';

const noop = () => undefined;
/** The opening tag of each tab button, in order. */
const tabTags = (html: string) => html.match(/<button[^>]*>/g) ?? [];

describe('StatusTabs', () => {
  const tabs = [
    { key: 'all', label: 'Tutte', count: 12345 },
    { key: 'pending', label: 'Attesa', count: 3 },
    { key: 'error', label: 'Errori', count: 2, alert: true },
  ] as const;

  it('renders a tab per status with its key, its count and which one is selected', () => {
    const html = renderToStaticMarkup(<StatusTabs tabs={tabs} selected="pending" onSelect={noop} label="Stato delle spedizioni" testId="shipments-status-tabs" />);
    expect(html).toContain('role="tablist" aria-label="Stato delle spedizioni"');
    expect(html).toContain('data-testid="shipments-status-tabs"');
    const tags = tabTags(html);
    expect(tags.map((tag) => /data-status="([^"]+)"/.exec(tag)?.[1])).toEqual(['all', 'pending', 'error']);
    expect(tags.map((tag) => /aria-selected="([^"]+)"/.exec(tag)?.[1])).toEqual(['false', 'true', 'false']);
    expect(html).toMatch(/Tutte<span[^>]*data-testid="status-tab-count">12.345<\/span>/);
  });

  it('shows an alerting count above zero in red, and no count while unknown', () => {
    const html = renderToStaticMarkup(<StatusTabs tabs={tabs} selected={null} onSelect={noop} label="x" testId="t" />);
    expect(html).toMatch(/Errori<span class="[^"]*bg-red-100[^"]*" data-testid="status-tab-count">2</);
    expect(html).not.toMatch(/Attesa<span class="[^"]*bg-red-100/);
    const unknown = renderToStaticMarkup(<StatusTabs tabs={[{ key: 'all', label: 'Tutti' }]} selected="all" onSelect={noop} label="x" testId="t" />);
    expect(unknown).not.toContain('status-tab-count');
    expect(tabTags(html).every((tag) => tag.includes('aria-selected="false"'))).toBe(true);
  });

  it('lays an odd first tab across both phone columns, and an even row as pairs', () => {
    const odd = tabTags(renderToStaticMarkup(<StatusTabs tabs={tabs} selected={null} onSelect={noop} label="x" testId="t" />));
    expect(odd[0]).toContain('col-span-2');
    expect(odd.slice(1).some((tag) => tag.includes('col-span-2'))).toBe(false);
    const even = tabTags(renderToStaticMarkup(<StatusTabs tabs={tabs.slice(0, 2)} selected={null} onSelect={noop} label="x" testId="t" />));
    expect(even.some((tag) => tag.includes('col-span-2'))).toBe(false);
  });
});

describe('tabButtonClass', () => {
  it('raises the selected tab', () => {
    expect(tabButtonClass(true)).toContain('bg-background');
    expect(tabButtonClass(false)).not.toContain('bg-background');
  });
});
