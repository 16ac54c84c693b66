import { Link } from 'react-router-dom';
import { LogIn } from 'lucide-react';
import { buttonVariants, Card, CardContent } from '@smista/ui-kit';
import { t } from '../messages';
import { AUTH_PATH } from '../paths';

/**
 * 'Accesso richiesto' (spec §2): the session ended while the page was open (the shell's guard then
 * sends the user to /auth as well; this covers the moment in between).
 */
export function AccessRequired() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center" data-testid="access-required">
        <LogIn className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.accessRequiredTitle}</p>
        <p className="text-sm text-muted-foreground">{t.accessRequired}</p>
        <Link to={AUTH_PATH} className={buttonVariants()} data-testid="access-required-login">
          {t.login}
        </Link>
      </CardContent>
    </Card>
  );
}
