import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { InviteJson } from '@smista/contracts';
import { Badge, Button, ConfirmDialog, EmptyText, LoadFailed, Loading, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, toast, useIsMobile } from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { useCancelInvite } from './team-api';
import { formatItalianDate, teamRoleLabel } from './team-format';

/**
 * Pending invites: Email, Data invito, Ruolo, Azioni ('Annulla' cancels the invite after a
 * confirmation, admins only).
 */
export function InvitesTable({
  merchantId,
  query,
  isAdmin,
}: {
  merchantId: string;
  query: UseQueryResult<InviteJson[]>;
  isAdmin: boolean;
}) {
  const isMobile = useIsMobile();
  const [cancelling, setCancelling] = useState<InviteJson | null>(null);
  const cancel = useCancelInvite(merchantId);
  const confirmCancel = (invite: InviteJson) =>
    cancel.mutate(invite, {
      onSuccess: () => toast({ title: t.team.inviteCancelled, description: t.team.inviteCancelledDescription(invite.email) }),
      onError: (error) => toast({ title: t.error, description: t.team.inviteCancelFailed(serverMessage(error)), variant: 'destructive' }),
      onSettled: () => setCancelling(null),
    });

  const body = () => {
    if (query.isPending) return <Loading />;
    if (query.isError) return <LoadFailed title={t.team.invitesLoadFailed} onRetry={() => void query.refetch()} />;
    const invites = query.data ?? [];
    if (invites.length === 0) return <EmptyText testId="invites-empty">{t.team.invitesEmpty}</EmptyText>;
    return <InviteList invites={invites} isMobile={isMobile} onCancel={isAdmin ? setCancelling : undefined} />;
  };

  return (
    <>
      {body()}
      {isAdmin ? (
        <ConfirmDialog
          open={cancelling !== null}
          onOpenChange={(open) => (open ? undefined : setCancelling(null))}
          title={t.team.cancelInviteTitle}
          description={t.team.cancelInviteConfirm(cancelling?.email ?? '')}
          confirmLabel={t.team.cancelInviteSubmit}
          pendingLabel={t.team.cancellingInvite}
          cancelLabel={t.team.cancelInviteKeep}
          destructive
          pending={cancel.isPending}
          onConfirm={() => cancelling && confirmCancel(cancelling)}
        />
      ) : null}
    </>
  );
}

/** The rows (a table, or cards under 768 px); 'Annulla' only when `onCancel` is given (admins). */
function InviteList({
  invites,
  isMobile,
  onCancel,
}: {
  invites: InviteJson[];
  isMobile: boolean;
  onCancel: ((invite: InviteJson) => void) | undefined;
}) {
  const roleBadge = (invite: InviteJson) => (
    <Badge variant={invite.role === 'admin' ? 'default' : 'secondary'}>{teamRoleLabel(invite.role)}</Badge>
  );
  const cancelButton = (invite: InviteJson) =>
    onCancel ? (
      <Button variant="outline" size="sm" onClick={() => onCancel(invite)} data-testid="invite-cancel">
        <X aria-hidden />
        {t.team.cancelInvite}
      </Button>
    ) : null;

  if (isMobile) {
    // Under 768 px: one card per invite (same test ids as the table rows).
    return (
      <ul className="grid gap-2 p-2" data-testid="invites-list">
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="grid gap-2 rounded-lg border border-border p-3"
            data-testid="invite-row"
            data-email={invite.email}
            data-role={invite.role}
          >
            <span className="font-medium [overflow-wrap:anywhere]">{invite.email}</span>
            <span className="text-xs text-muted-foreground">
              {t.team.columns.invitedAt}: <span data-testid="invite-date">{formatItalianDate(invite.createdAt)}</span>
            </span>
            <div className="flex items-center justify-between gap-2">
              {roleBadge(invite)}
              {cancelButton(invite)}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table data-testid="invites-table">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t.team.columns.email}</TableHead>
          <TableHead>{t.team.columns.invitedAt}</TableHead>
          <TableHead>{t.team.columns.role}</TableHead>
          <TableHead className="text-right">{t.team.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invites.map((invite) => (
          <TableRow key={invite.id} data-testid="invite-row" data-email={invite.email} data-role={invite.role}>
            <TableCell className="font-medium [overflow-wrap:anywhere]">{invite.email}</TableCell>
            <TableCell className="whitespace-nowrap" data-testid="invite-date">
              {formatItalianDate(invite.createdAt)}
            </TableCell>
            <TableCell>{roleBadge(invite)}</TableCell>
            <TableCell className="text-right">{cancelButton(invite)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
