import { ShieldCheck } from 'lucide-react';
import { ssoRequirementTexts as s } from '@smista/contracts';
import { errorMessageFrom, toast, Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Switch } from '@smista/ui-kit';
import { t } from '../messages';
import { useSetSsoRequired } from './team-api';

/**
 * Impostazioni > Team, for admins (issue 24): 'Richiedi l'accesso con SSO ai membri'. Turning it on
 * needs a session opened with 'Accedi con SSO' (so the admin keeps their way in): from a password
 * session the switch is off-limits and says why; the server refuses it anyway.
 */
export function SsoRequirementCard({ merchantId, required, signedInWithSso }: { merchantId: string; required: boolean; signedInWithSso: boolean }) {
  const change = useSetSsoRequired(merchantId);
  const locked = !required && !signedInWithSso;
  const toggle = (next: boolean) =>
    change.mutate(next, {
      onSuccess: () => toast({ title: next ? s.turnedOn : s.turnedOff }),
      onError: (error) => toast({ title: s.failed, description: errorMessageFrom(error) ?? t.error, variant: 'destructive' }),
    });
  return (
    <Card data-testid="sso-requirement">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="h-5 w-5 text-primary" aria-hidden />
          {s.title}
        </CardTitle>
        <CardDescription>{s.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="flex items-center gap-3">
          <Switch id="sso-required" checked={required} disabled={locked || change.isPending} onCheckedChange={toggle} aria-describedby={locked ? 'sso-required-locked' : undefined} />
          <Label htmlFor="sso-required">{s.label}</Label>
        </div>
        {locked ? (
          <p id="sso-required-locked" className="text-sm text-muted-foreground" data-testid="sso-required-locked">
            {s.needsSsoSession}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
