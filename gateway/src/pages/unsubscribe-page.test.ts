import { buyerMailTexts } from '@smista/contracts';
import { renderUnsubscribeNotFoundPage, renderUnsubscribePage } from './unsubscribe-page';
import { trackingPageCsp } from './tracking-page';

describe("the buyer's unsubscribe page", () => {
  it('asks first, with a button that posts the one-click form to the same address; the name is escaped', () => {
    const html = renderUnsubscribePage('Bottega <Rossi>', 'ask');
    expect(html).toContain(buyerMailTexts.unsubscribeQuestion('Bottega &lt;Rossi&gt;'));
    expect(html).toMatch(/<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">/);
    expect(html).not.toContain('<script');
  });

  it('says it is done, without a form; an unknown link says so', () => {
    const done = renderUnsubscribePage('Bottega Rossi', 'done');
    expect(done).toContain(buyerMailTexts.unsubscribedText('Bottega Rossi'));
    expect(done).not.toContain('<form');
    expect(renderUnsubscribeNotFoundPage()).toContain(buyerMailTexts.unsubscribeNotFoundText);
  });

  it("only the asking page may post a form, and only to itself", () => {
    expect(trackingPageCsp(false, true)).toContain("form-action 'self'");
    expect(trackingPageCsp(false)).toContain("form-action 'none'");
  });
});
