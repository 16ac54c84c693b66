import { useNavigate } from 'react-router-dom';
import { Bell, LogOut, Menu, Search, Settings, User as UserIcon } from 'lucide-react';
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
  Input,
} from '@smista/ui-kit';
import { useCurrentUser, useLogout } from '../lib/session';
import { t } from '../messages';

/** Search (not wired), notifications (static samples) and the user menu (spec §2). */
export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = displayNameOf(user);
  const notifications = t.layout.sampleNotifications;

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-background px-3 md:px-6">
      <Button variant="ghost" size="icon" className="md:hidden" aria-label={t.layout.openMenu} onClick={onOpenMenu}>
        <Menu aria-hidden />
      </Button>
      <form className="relative max-w-md flex-1" role="search" onSubmit={(e) => e.preventDefault()}>
        <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input type="search" aria-label={t.layout.search} placeholder={t.layout.searchPlaceholder} className="pl-8" />
      </form>
      <div className="ml-auto flex items-center gap-1">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="relative" aria-label={t.layout.notifications}>
              <Bell aria-hidden />
              <span className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-destructive" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-80">
            <DropdownMenuLabel className="flex items-center justify-between">
              {t.layout.notifications}
              <Badge variant="secondary">{notifications.length}</Badge>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {notifications.map((n) => (
              <DropdownMenuItem key={n.title} className="flex-col items-start gap-0.5">
                <span className="font-medium">{n.title}</span>
                <span className="text-xs text-muted-foreground">{n.text}</span>
                <span className="text-xs text-muted-foreground">{n.time}</span>
              </DropdownMenuItem>
            ))}
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
