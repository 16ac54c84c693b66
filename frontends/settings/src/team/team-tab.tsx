import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { Badge, Button, Card, CardContent, NoMerchant, Tabs, TabsContent, TabsList, TabsTrigger } from '@smista/ui-kit';
import { t } from '../messages';
import { useCurrentUser } from '../profile/profile-api';
import { InviteForm } from './invite-form';
import { SsoRequirementCard } from './sso-requirement-card';
import { InvitesTable } from './invites-table';
import { MembersTable } from './members-table';
import { useInvites, useMembers, useMerchantAccess } from './team-api';

type TeamView = 'members' | 'invites';

/** /dashboard/settings/team: 'Gestione Team' (spec §2, §4, §5, §8). */
export function TeamTab() {
  const { merchant, isAdmin, ssoRequired } = useMerchantAccess();
  if (!merchant) return <NoMerchant title={t.noMerchantTitle} text={t.team.noMerchant} testId="team-no-merchant" />;
  return <TeamPanel key={merchant.id} merchantId={merchant.id} isAdmin={isAdmin} ssoRequired={ssoRequired} />;
}

function TeamPanel({ merchantId, isAdmin, ssoRequired }: { merchantId: string; isAdmin: boolean; ssoRequired: boolean }) {
  const { data: user } = useCurrentUser();
  const [view, setView] = useState<TeamView>('members');
  const [inviting, setInviting] = useState(false);
  const members = useMembers(merchantId);
  const invites = useInvites(merchantId);

  return (
    <div className="grid gap-4" data-testid="team-tab">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{t.team.description}</p>
        {isAdmin && !inviting ? (
          <Button onClick={() => setInviting(true)} className="self-start sm:self-auto">
            <UserPlus aria-hidden />
            {t.team.inviteOpen}
          </Button>
        ) : null}
      </div>

      {isAdmin && inviting ? <InviteForm merchantId={merchantId} onClose={() => setInviting(false)} /> : null}

      <Tabs value={view} onValueChange={(v) => setView(v as TeamView)}>
        <TabsList>
          <TabsTrigger value="members" data-testid="team-tab-members">
            {t.team.membersTab}
            <Badge variant="secondary" data-testid="members-count">
              {members.data?.length ?? 0}
            </Badge>
          </TabsTrigger>
          <TabsTrigger value="invites" data-testid="team-tab-invites">
            {t.team.invitesTab}
            <Badge variant="secondary" data-testid="invites-count">
              {invites.data?.length ?? 0}
            </Badge>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="members">
          <Card>
            <CardContent className="p-0 sm:p-2">
              <MembersTable merchantId={merchantId} query={members} isAdmin={isAdmin} currentUserId={user?.id} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="invites">
          <Card>
            <CardContent className="p-0 sm:p-2">
              <InvitesTable merchantId={merchantId} query={invites} isAdmin={isAdmin} />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      {isAdmin ? <SsoRequirementCard merchantId={merchantId} required={ssoRequired} signedInWithSso={user?.signedInWithSso === true} /> : null}
    </div>
  );
}
