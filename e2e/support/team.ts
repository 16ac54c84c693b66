import type { Page } from 'playwright-core';
import { extractLinks, waitForMail } from './mail';
import { expectToast } from './ui';

/** Impostazioni → Gestione Team's locators on one page. */
export function team(page: Page) {
  return {
    tab: page.getByTestId('team-tab'),
    inviteOpen: page.getByRole('button', { name: 'Invita nuovo membro' }),
    membersTab: page.getByTestId('team-tab-members'),
    invitesTab: page.getByTestId('team-tab-invites'),
    membersCount: page.getByTestId('members-count'),
    invitesCount: page.getByTestId('invites-count'),
    member: (email: string) => page.locator(`[data-testid="member-row"][data-email="${email}"]`),
    invite: (email: string) => page.locator(`[data-testid="invite-row"][data-email="${email}"]`),
  };
}

/** Sends an invite through the inline form of 'Gestione Team' (the page is on it): toast, form closed. */
export async function inviteThroughForm(page: Page, email: string, role: 'user' | 'admin'): Promise<void> {
  const tm = team(page);
  await tm.inviteOpen.click();
  const form = page.getByTestId('invite-form');
  await form.waitFor();
  // While the form is open its opening button is gone (spec §4: the form is hidden until opened).
  expect(await tm.inviteOpen.count()).toBe(0);
  expect(await page.locator('#invite-role').inputValue()).toBe('user');
  await page.locator('#invite-email').fill(email);
  await page.locator('#invite-role').selectOption(role);
  await form.getByRole('button', { name: 'Invia invito' }).click();
  await expectToast(page, 'Invito inviato', { description: `Invito inviato con successo a ${email}` });
  // It clears, closes, and the button is back.
  await form.waitFor({ state: 'detached' });
  await tm.inviteOpen.waitFor();
}

/**
 * The invite link in the e-mail sent to `to` since `since` (else the newest): one distinct link,
 * to the app at `baseUrl`. Answers the mail too.
 */
export async function inviteLinkFor(baseUrl: string, to: string, since?: Date): Promise<{ link: string; mail: Awaited<ReturnType<typeof waitForMail>> }> {
  const mail = await waitForMail({ to, subjectIncludes: 'Invito a unirti', since, timeoutMs: 20_000 });
  const links = [...new Set(extractLinks(mail).filter((l) => l.includes('/accept-invite?token=')))];
  expect(links).toHaveLength(1);
  expect(links[0].startsWith(`${baseUrl}/accept-invite?token=`)).toBe(true);
  return { link: links[0], mail };
}

/** The invite token of an invite link. */
export const inviteTokenOf = (link: string): string => new URL(link).searchParams.get('token')!;
