import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NoActiveCarriers } from './no-active-carriers';

/** A stand-in for the router's link: an anchor to the path. */
function Anchor({ to, className, children }: { to: string; className?: string; children?: ReactNode }) {
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

describe('NoActiveCarriers', () => {
  it("says there is no active carrier and links to the carriers' page", () => {
    const html = renderToStaticMarkup(<NoActiveCarriers link={Anchor} to="/carriers" testId="carrier-dialog-none" />);
    expect(html).toContain('data-testid="carrier-dialog-none"');
    expect(html).toContain('Nessun corriere attivo per questo merchant.');
    expect(html).toMatch(/<a href="\/carriers" class="[^"]*justify-self-start[^"]*"><svg[^>]*>.*<\/svg>Collega un corriere<\/a>/);
  });
});
