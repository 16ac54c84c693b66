import { Link, NavLink, useLocation } from 'react-router-dom';
import { ArrowLeftRight } from 'lucide-react';
import { cn, displayNameOf, initialOf, Avatar, AvatarFallback, AvatarImage } from '@smista/ui-kit';
import { Logo } from '../components/logo';
import { useCurrentUser, useSelectedMerchant } from '../lib/session';
import { t } from '../messages';
import { isActiveElsewhere, NAV_ITEMS } from './nav-items';

/** Sidebar body, used fixed on desktop and inside the drawer on mobile. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useCurrentUser();
  const merchant = useSelectedMerchant();
  const { pathname } = useLocation();
  const name = displayNameOf(user);
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-14 items-center px-5">
        <Logo tone="light" />
      </div>
      {merchant ? (
        <Link
          to="/merchant-selection"
          onClick={onNavigate}
          className="mx-3 mb-2 flex items-center justify-between gap-2 rounded-md bg-sidebar-accent px-3 py-2 text-sm hover:text-white"
          title={t.merchants.change}
          data-testid="current-merchant"
        >
          <span className="truncate font-medium">{merchant.name}</span>
          <ArrowLeftRight className="h-4 w-4 shrink-0" aria-label={t.merchants.change} />
        </Link>
      ) : null}
      <nav className="flex-1 overflow-y-auto px-3 py-2" aria-label={t.layout.mainNav}>
        <ul className="grid gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-sidebar-accent hover:text-white',
                    (isActive || isActiveElsewhere(item, pathname)) && 'bg-primary text-white hover:bg-primary',
                  )
                }
              >
                <item.icon className="h-4 w-4" aria-hidden />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex items-center gap-3 border-t border-white/10 p-4" data-testid="sidebar-user">
        <Avatar className="h-9 w-9">
          {user?.avatar ? <AvatarImage src={user.avatar} alt="" /> : null}
          <AvatarFallback className="bg-white/10 text-white">{initialOf(name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-white">{name}</p>
          <p className="truncate text-xs text-sidebar-foreground/70">{user?.email}</p>
        </div>
      </div>
    </div>
  );
}
