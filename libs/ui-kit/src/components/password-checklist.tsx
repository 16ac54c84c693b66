import { Check, X } from 'lucide-react';
import { passwordRules } from '@smista/contracts';
import { cn } from '../lib/cn';
import { uiText } from '../lib/ui-text';

/**
 * The live password checklist (spec §2: 6 characters, one uppercase letter, one digit), shown under
 * every field that sets a password: registration, reset and the profile's 'Cambia password'.
 */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="grid gap-1 text-xs" data-testid="password-checklist" aria-label={uiText.passwordRequirements}>
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            data-met={met}
            className={cn('flex items-center gap-1.5', met ? 'text-emerald-600' : 'text-muted-foreground')}
          >
            {met ? <Check className="h-3.5 w-3.5" aria-hidden /> : <X className="h-3.5 w-3.5" aria-hidden />}
            {rule.label}
          </li>
        );
      })}
    </ul>
  );
}

/** The match indicator under a confirmation field; nothing while the confirmation is empty. */
export function PasswordMatch({ password, confirmation }: { password: string; confirmation: string }) {
  if (!confirmation) return null;
  const match = password === confirmation;
  return (
    <p
      className={cn('flex items-center gap-1.5 text-xs', match ? 'text-emerald-600' : 'text-destructive')}
      data-testid="password-match"
      data-match={match}
    >
      {match ? <Check className="h-3.5 w-3.5" aria-hidden /> : <X className="h-3.5 w-3.5" aria-hidden />}
      {match ? uiText.passwordsMatch : uiText.passwordsDoNotMatch}
    </p>
  );
}
