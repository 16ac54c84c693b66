import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserMinus } from 'lucide-react';
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
  MERCHANTS_QUERY_KEY,
} from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { RemoteScope } from '../remote-scope';
import { membersQueryKey, removeMember, updateMemberRole, type Member, type TeamRole } from './team-api';
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
  member: Member | null;
  isSelf: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<TeamRole>('user');
  const [confirming, setConfirming] = useState(false);
  const name = member ? memberDisplayName(member) : '';

  useEffect(() => {
    if (member) setRole(member.role === 'admin' ? 'admin' : 'user');
    setConfirming(false);
  }, [member]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: membersQueryKey(merchantId) });
    // The user's own role (or membership) may have changed with it.
    if (isSelf) void queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY });
  };

  const update = useMutation({
    mutationFn: (next: TeamRole) => updateMemberRole(merchantId, String(member!.id), next),
    onSuccess: (_res, next) => {
      toast({ title: t.team.roleUpdated, description: t.team.roleUpdatedDescription(name, teamRoleLabel(next)) });
      refresh();
      onClose();
    },
    onError: (error) => toast({ title: t.error, description: t.team.roleUpdateFailed(serverMessage(error)), variant: 'destructive' }),
  });

  const remove = useMutation({
    mutationFn: () => removeMember(merchantId, String(member!.id)),
    onSuccess: () => {
      toast({ title: t.team.memberRemoved, description: t.team.memberRemovedDescription(name) });
      refresh();
      onClose();
    },
    onError: (error) => {
      toast({ title: t.error, description: t.team.memberRemoveFailed(serverMessage(error)), variant: 'destructive' });
      setConfirming(false);
    },
  });

  const busy = update.isPending || remove.isPending;
  const currentRole = member?.role === 'admin' ? 'admin' : 'user';

  return (
    <Dialog open={member !== null} onOpenChange={(open) => (!open && !busy ? onClose() : undefined)}>
      <DialogContent data-testid="member-dialog" data-email={member?.email}>
        <RemoteScope>
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
                <Button variant="destructive" onClick={() => remove.mutate()} disabled={busy} data-testid="member-remove-submit">
                  {remove.isPending ? t.team.memberRemoving : t.team.memberRemoveSubmit}
                </Button>
              </DialogFooter>
            </div>
          ) : (
            <form
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                if (role !== currentRole) update.mutate(role);
              }}
              data-testid="member-form"
            >
              <div className="grid gap-2">
                <Label htmlFor="member-role">{t.team.memberRole}</Label>
                <NativeSelect id="member-role" name="role" value={role} onChange={(e) => setRole(e.target.value as TeamRole)} disabled={busy}>
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
        </RemoteScope>
      </DialogContent>
    </Dialog>
  );
}
