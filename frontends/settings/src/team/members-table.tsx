import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import type { MemberJson } from '@smista/contracts';
import { Avatar, AvatarFallback, Badge, Button, EmptyText, initialOf, LoadFailed, Loading, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, useIsMobile } from '@smista/ui-kit';
import { t } from '../messages';
import { MemberDialog } from './member-dialog';
import { memberDisplayName, teamRoleLabel } from './team-format';

/** Members: Utente, Email, Ruolo, Azioni ('Modifica' opens the member dialog, admins only). */
export function MembersTable({
  merchantId,
  query,
  isAdmin,
  currentUserId,
}: {
  merchantId: string;
  query: UseQueryResult<MemberJson[]>;
  isAdmin: boolean;
  currentUserId: string | undefined;
}) {
  const [editing, setEditing] = useState<MemberJson | null>(null);
  const isMobile = useIsMobile();

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed title={t.team.membersLoadFailed} onRetry={() => void query.refetch()} />;
  const members = query.data ?? [];
  if (members.length === 0) return <EmptyText testId="members-empty">{t.team.membersEmpty}</EmptyText>;

  const isSelf = (member: MemberJson) => currentUserId !== undefined && String(member.id) === String(currentUserId);
  const editButton = (member: MemberJson) =>
    isAdmin ? (
      <Button variant="outline" size="sm" onClick={() => setEditing(member)} data-testid="member-edit">
        <Pencil aria-hidden />
        {t.team.edit}
      </Button>
    ) : null;
  const dialog = isAdmin ? (
    <MemberDialog merchantId={merchantId} member={editing} isSelf={editing !== null && isSelf(editing)} onClose={() => setEditing(null)} />
  ) : null;

  if (isMobile) {
    // Under 768 px: one card per member (same test ids as the table rows).
    return (
      <>
        <ul className="grid gap-2 p-2" data-testid="members-list">
          {members.map((member) => (
            <li
              key={member.id}
              className="grid gap-3 rounded-lg border border-border p-3"
              data-testid="member-row"
              data-email={member.email}
              data-role={member.role}
            >
              <MemberIdentity member={member} isSelf={isSelf(member)} showEmail />
              <div className="flex items-center justify-between gap-2">
                <Badge variant={member.role === 'admin' ? 'default' : 'secondary'} data-testid="member-role">
                  {teamRoleLabel(member.role)}
                </Badge>
                {editButton(member)}
              </div>
            </li>
          ))}
        </ul>
        {dialog}
      </>
    );
  }

  return (
    <>
      <Table data-testid="members-table">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t.team.columns.user}</TableHead>
            <TableHead>{t.team.columns.email}</TableHead>
            <TableHead>{t.team.columns.role}</TableHead>
            <TableHead className="text-right">{t.team.columns.actions}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.id} data-testid="member-row" data-email={member.email} data-role={member.role}>
              <TableCell>
                <MemberIdentity member={member} isSelf={isSelf(member)} />
              </TableCell>
              <TableCell className="[overflow-wrap:anywhere]">{member.email}</TableCell>
              <TableCell>
                <Badge variant={member.role === 'admin' ? 'default' : 'secondary'} data-testid="member-role">
                  {teamRoleLabel(member.role)}
                </Badge>
              </TableCell>
              <TableCell className="text-right">{editButton(member)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {dialog}
    </>
  );
}

/** Avatar initial, name (with 'tu' for the user), and the username or, on cards, the e-mail. */
function MemberIdentity({ member, isSelf, showEmail = false }: { member: MemberJson; isSelf: boolean; showEmail?: boolean }) {
  const name = memberDisplayName(member);
  const secondary = showEmail ? member.email : member.username && member.username !== name ? `@${member.username}` : null;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar className="h-8 w-8 text-sm">
        <AvatarFallback>{initialOf(name)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0">
        <span className="font-medium">
          {name}
          {isSelf ? <span className="ml-1 font-normal text-muted-foreground">({t.team.you})</span> : null}
        </span>
        {secondary ? <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{secondary}</span> : null}
      </div>
    </div>
  );
}
