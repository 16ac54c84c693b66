import { buyerMailTexts as t } from '@smista/contracts';
import { documentOf, escapeHtml as e } from './tracking-page';

/**
 * Issue 26: the buyer's unsubscribe page (`/u/{token}`), in the tracking page's look. The link in
 * an e-mail only asks; the button (a POST to the same address, as a mailbox's one-click
 * unsubscribe does) records the choice, so a link scanner opening the page unsubscribes no one.
 */
export function renderUnsubscribePage(merchantName: string, state: 'ask' | 'done'): string {
  const merchant = merchantName || 'questo negozio';
  if (state === 'done') {
    return documentOf('it', t.unsubscribedTitle, `<section><h1>${e(t.unsubscribedTitle)}</h1><p>${e(t.unsubscribedText(merchant))}</p></section>`, 'Smista');
  }
  return documentOf(
    'it',
    t.unsubscribeTitle,
    `<section><h1>${e(t.unsubscribeTitle)}</h1><p>${e(t.unsubscribeQuestion(merchant))}</p>` +
      `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${e(t.unsubscribeButton)}</button></form></section>`,
    'Smista',
  );
}

export function renderUnsubscribeNotFoundPage(): string {
  return documentOf('it', t.unsubscribeNotFoundTitle, `<section><h1>${e(t.unsubscribeNotFoundTitle)}</h1><p>${e(t.unsubscribeNotFoundText)}</p></section>`, 'Smista');
}
