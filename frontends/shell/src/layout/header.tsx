import { useNavigate } from 'react-router-dom';
import { Bell, CheckCheck, LogOut, Menu, Settings, User as UserIcon } from 'lucide-react';
import { activityMessages as am } from '@smista/contracts';
import {
  displayNameOf,
  initialOf,
  Avatar,
  AvatarFallback,
  AvatarImage,
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@smista/ui-kit';
import { relativeTime, useMarkRead, useNotifications } from '../lib/notifications';
import { HeaderSearchBox, HeaderSearchButton } from './header-search';
import { useCurrentUser, useLogout, useSelectedMerchant } from '../lib/session';
import { t } from '../messages';

/**
 * The search of the merchant's orders and shipments (issue 19: a box from 768 px, a button opening
 * a sheet on phones), the merchant's notifications (issue 11: read per user, each leading to where
 * the merchant fixes it) and the user menu (spec §2).
 */
export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = displayNameOf(user);
  const merchant = useSelectedMerchant();
  const notifications = useNotifications(merchant?.id);
  const markRead = useMarkRead(merchant?.id);
  const list = notifications.data?.notifications ?? [];
  const unread = notifications.data?.unreadCount ?? 0;

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-background px-3 md:px-6">
      <Button variant="ghost" size="icon" className="md:hidden" aria-label={t.layout.openMenu} onClick={onOpenMenu}>
        <Menu aria-hidden />
      </Button>
      <HeaderSearchBox />
      <div className="ml-auto flex items-center gap-1">
        <HeaderSearchButton />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="relative"
              aria-label={unread > 0 ? `${t.layout.notifications} (${am.unread(unread)})` : t.layout.notifications}
              data-testid="notifications-button"
            >
              <Bell aria-hidden />
              {unread > 0 ? <span className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-destructive" aria-hidden data-testid="notifications-dot" /> : null}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))]" data-testid="notifications-menu">
            <DropdownMenuLabel className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                {t.layout.notifications}
                <Badge variant={unread > 0 ? 'destructive' : 'secondary'} data-testid="notifications-unread">
                  {unread}
                </Badge>
              </span>
              {unread > 0 ? (
                <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => markRead.mutate(null)} data-testid="notifications-read-all">
                  <CheckCheck aria-hidden />
                  {am.markAllRead}
                </Button>
              ) : null}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {notifications.isError && list.length === 0 ? (
              <p className="px-2 py-3 text-sm text-destructive" role="alert">
                {am.notificationsFailed}
              </p>
            ) : list.length === 0 ? (
              <p className="px-2 py-3 text-sm text-muted-foreground" data-testid="notifications-empty">
                {notifications.isPending ? '…' : am.noNotifications}
              </p>
            ) : (
              <div className="max-h-[min(26rem,70vh)] overflow-y-auto">
                {list.map((n) => (
                  <DropdownMenuItem
                    key={n.id}
                    className="flex-col items-start gap-0.5 whitespace-normal"
                    data-testid="notification-item"
                    data-read={n.read ? 'true' : 'false'}
                    onSelect={() => {
                      if (!n.read) markRead.mutate(n.id);
                      navigate(n.link);
                    }}
                  >
                    <span className="flex w-full items-center gap-2">
                      {!n.read ? <span className="h-2 w-2 shrink-0 rounded-full bg-primary" title={am.unreadMarker} aria-label={am.unreadMarker} /> : null}
                      <span className={n.read ? 'font-normal' : 'font-semibold'}>{n.title}</span>
                    </span>
                    <span className="text-xs text-muted-foreground">{n.text}</span>
                    <span className="text-xs text-muted-foreground">{relativeTime(n.createdAt)}</span>
                  </DropdownMenuItem>
                ))}
              </div>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" className="gap-2 px-2" aria-label={t.layout.userMenu} data-testid="user-menu">
              <Avatar className="h-8 w-8">
                {user?.avatar ? <AvatarImage src={user.avatar} alt="" /> : null}
                <AvatarFallback>{initialOf(name)}</AvatarFallback>
              </Avatar>
              <span className="hidden text-sm font-medium sm:inline">{name}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-56">
            <DropdownMenuLabel className="grid gap-0.5">
              <span>{name}</span>
              <span className="text-xs font-normal text-muted-foreground">{user?.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => navigate('/dashboard/settings/account')}>
              <UserIcon aria-hidden />
              {t.layout.profile}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate('/dashboard/settings/team')}>
              <Settings aria-hidden />
              {t.layout.settings}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void logout()}>
              <LogOut aria-hidden />
              {t.layout.logout}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
