import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { toast, Button } from '@smista/ui-kit';
import { usePublicConfig } from '../../lib/public-config';
import { startSsoLogin } from '../../lib/sso';
import { t } from '../../messages';

/**
 * 'Accedi con SSO' under the login form, only when the gateway says SSO is configured. `returnTo`:
 * where the finished sign-in leads instead of where a login leads (an invite page).
 */
export function SsoButton({ returnTo }: { returnTo?: string }) {
  const { data: config } = usePublicConfig();
  const [starting, setStarting] = useState(false);
  const sso = config?.sso;
  if (!sso) return null;
  const start = () => {
    setStarting(true);
    startSsoLogin(sso, returnTo).catch(() => {
      setStarting(false);
      toast({ title: t.auth.ssoFailedTitle, description: t.auth.ssoStartFailed, variant: 'destructive' });
    });
  };
  return (
    <div className="grid gap-4" data-testid="sso-login">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t.auth.ssoOr}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full" disabled={starting} onClick={start}>
        <KeyRound className="mr-2 h-4 w-4" aria-hidden />
        {starting ? t.auth.ssoStarting : t.auth.ssoButton}
      </Button>
    </div>
  );
}
