import { format } from 'date-fns';
import { it } from 'date-fns/locale';
import type { MemberJson } from '@smista/contracts';
import { t } from '../messages';

/** A member's name as the table shows it: first and last name, else the username, else the e-mail. */
export function memberDisplayName(
  member: Pick<MemberJson, 'username' | 'email'> & { firstName?: string | null; lastName?: string | null },
): string {
  const full = [member.firstName, member.lastName].map((p) => p?.trim()).filter(Boolean).join(' ');
  return full || member.username || member.email;
}

/** The team screen's role label: 'Admin' or 'Utente' (the invite form's choices). */
export function teamRoleLabel(role: string | null | undefined): string {
  return role === 'admin' ? t.team.roles.admin : t.team.roles.user;
}

/** A date in the Italian locale (spec §9), e.g. "22 nov 2026"; the raw text when unparseable. */
export function formatItalianDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'd MMM yyyy', { locale: it });
}
