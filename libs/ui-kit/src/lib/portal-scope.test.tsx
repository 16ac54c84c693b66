import { renderToStaticMarkup } from 'react-dom/server';
import { PortalScope, PortalScopeBox, usePortalScope } from './portal-scope';

/** Shows the scope a component below it reads. */
function ScopeName() {
  return <span>{usePortalScope() ?? 'none'}</span>;
}

describe('PortalScope', () => {
  it('wraps the remote in a box with its class that adds no box to the layout', () => {
    expect(renderToStaticMarkup(<PortalScope className="smista-settings">ciao</PortalScope>)).toBe(
      '<div class="smista-settings" style="display:contents" data-portal-scope="smista-settings">ciao</div>',
    );
  });

  it('hands its class to what is rendered below it, however deep', () => {
    const html = renderToStaticMarkup(
      <PortalScope className="smista-orders">
        <section>
          <ScopeName />
        </section>
      </PortalScope>,
    );
    expect(html).toContain('<span>smista-orders</span>');
  });

  it('is absent in the shell', () => {
    expect(renderToStaticMarkup(<ScopeName />)).toBe('<span>none</span>');
  });

  it('the nearest scope wins', () => {
    const html = renderToStaticMarkup(
      <PortalScope className="smista-outer">
        <PortalScope className="smista-inner">
          <ScopeName />
        </PortalScope>
      </PortalScope>,
    );
    expect(html).toContain('<span>smista-inner</span>');
  });
});

describe('PortalScopeBox (what the kit puts inside a portal)', () => {
  it("carries the nearest scope's class, so portalled content keeps the remote's styles", () => {
    const html = renderToStaticMarkup(
      <PortalScope className="smista-settings">
        <PortalScopeBox>
          <p>dialogo</p>
        </PortalScopeBox>
      </PortalScope>,
    );
    expect(html).toContain('<div class="smista-settings" data-portal-scope="smista-settings" style="display:contents"><p>dialogo</p></div>');
  });

  it('is a plain box without a class in the shell', () => {
    expect(renderToStaticMarkup(<PortalScopeBox>menu</PortalScopeBox>)).toBe('<div style="display:contents">menu</div>');
  });

  it('keeps the props a portal passes to it', () => {
    const html = renderToStaticMarkup(
      <PortalScope className="smista-settings">
        <PortalScopeBox className="extra" id="portal" style={{ zIndex: 5 }} />
      </PortalScope>,
    );
    expect(html).toContain('id="portal"');
    expect(html).toContain('class="smista-settings extra"');
    expect(html).toContain('style="display:contents;z-index:5"');
  });
});
