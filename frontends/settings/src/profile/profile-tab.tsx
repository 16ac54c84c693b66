import { Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner } from '@smista/ui-kit';
import { t } from '../messages';
import { AvatarCard } from './avatar-card';
import { ChangePasswordDialog } from './change-password-dialog';
import { ProfileForm } from './profile-form';
import { SetPasswordCard } from './set-password-card';
import { useCurrentUser } from './profile-api';

/** /dashboard/settings/account: 'Profilo Utente' (spec §2). */
export function ProfileTab() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner label={t.loading} />;
  if (!user) return null; // the shell's guard sends a logged-out user to /auth
  return (
    <div className="grid gap-6">
      <AvatarCard user={user} />
      <ProfileForm user={user} />
      {/* A user created by SSO has no password to change: 'Accesso tramite SSO' offers to set one (issue 24). */}
      {user.hasPassword === false ? (
        <SetPasswordCard />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t.profile.securityTitle}</CardTitle>
            <CardDescription>{t.profile.securityDescription}</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordDialog />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
