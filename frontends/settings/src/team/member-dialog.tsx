import { useEffect, useState } from 'react';
import { UserMinus } from 'lucide-react';
import type { MemberJson, Role } from '@smista/contracts';
import {
  toast,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  NativeSelect,
} from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { useRemoveMember, useUpdateMemberRole } from './team-api';
import { memberDisplayName, teamRoleLabel } from './team-format';

/**
 * The 'Modifica' dialog of a member (admins only): change the role (Utente/Admin) or remove the
 * member from the team after a confirmation. The server refuses to demote or remove the last admin.
 */
export function MemberDialog({
  merchantId,
  member,
  isSelf,
  onClose,
}: {
  merchantId: string;
  member: MemberJson | null;
  isSelf: boolean;
  onClose: () => void;
}) {
  const [role, setRole] = useState<Role>('user');
  const [confirming, setConfirming] = useState(false);
  const name = member ? memberDisplayName(member) : '';

  useEffect(() => {
    if (member) setRole(member.role === 'admin' ? 'admin' : 'user');
    setConfirming(false);
  }, [member]);

  const update = useUpdateMemberRole(merchantId, isSelf);
  const remove = useRemoveMember(merchantId, isSelf);
  const userId = String(member?.id ?? '');

  const saveRole = (next: Role) =>
    update.mutate(
      { userId, role: next },
      {
        onSuccess: () => {
          toast({ title: t.team.roleUpdated, description: t.team.roleUpdatedDescription(name, teamRoleLabel(next)) });
          onClose();
        },
        onError: (error) => toast({ title: t.error, description: t.team.roleUpdateFailed(serverMessage(error)), variant: 'destructive' }),
      },
    );

  const removeFromTeam = () =>
    remove.mutate(
      userId,
      {
        onSuccess: () => {
          toast({ title: t.team.memberRemoved, description: t.team.memberRemovedDescription(name) });
          onClose();
        },
        onError: (error) => {
          toast({ title: t.error, description: t.team.memberRemoveFailed(serverMessage(error)), variant: 'destructive' });
          setConfirming(false);
        },
      },
    );

  const busy = update.isPending || remove.isPending;
  const currentRole = member?.role === 'admin' ? 'admin' : 'user';

  return (
    <Dialog open={member !== null} onOpenChange={(open) => (!open && !busy ? onClose() : undefined)}>
      <DialogContent data-testid="member-dialog" data-email={member?.email}>
        <DialogHeader>
          <DialogTitle>{t.team.memberTitle}</DialogTitle>
          <DialogDescription>
            {name} · {member?.email}
          </DialogDescription>
        </DialogHeader>
        {confirming ? (
          <div className="grid gap-4" data-testid="member-remove-confirm">
            <p className="text-sm">{t.team.memberRemoveConfirm(name)}</p>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
                {t.cancel}
              </Button>
              <Button variant="destructive" onClick={removeFromTeam} disabled={busy} data-testid="member-remove-submit">
                {remove.isPending ? t.team.memberRemoving : t.team.memberRemoveSubmit}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (role !== currentRole) saveRole(role);
            }}
            data-testid="member-form"
          >
            <div className="grid gap-2">
              <Label htmlFor="member-role">{t.team.memberRole}</Label>
              <NativeSelect id="member-role" name="role" value={role} onChange={(e) => setRole(e.target.value as Role)} disabled={busy}>
                <option value="user">{t.team.roles.user}</option>
                <option value="admin">{t.team.roles.admin}</option>
              </NativeSelect>
            </div>
            <DialogFooter className="sm:justify-between">
              <Button variant="ghost" className="text-destructive hover:text-destructive" onClick={() => setConfirming(true)} disabled={busy} data-testid="member-remove">
                <UserMinus aria-hidden />
                {t.team.memberRemove}
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  {t.cancel}
                </Button>
                <Button type="submit" disabled={busy || role === currentRole} data-testid="member-save">
                  {update.isPending ? t.team.memberSaving : t.team.memberSave}
                </Button>
              </div>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
