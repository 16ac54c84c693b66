import { Link, useLocation } from 'react-router-dom';
import { Construction, MapPin, Truck, User, Users, type LucideIcon } from 'lucide-react';
import { Card, CardContent, cn } from '@smista/ui-kit';
import { t } from './messages';
import { AddressesTab } from './addresses/addresses-tab';
import { ProfileTab } from './profile/profile-tab';
import { TeamTab } from './team/team-tab';
import { SETTINGS_TABS, settingsTabPath, tabFromPath, type SettingsTabId } from './tabs';

const ICONS: Record<SettingsTabId, LucideIcon> = { team: Users, account: User, carriers: Truck, addresses: MapPin };

/**
 * The settings area the shell renders for /dashboard/settings and /dashboard/settings/:tab: a side
 * menu and the tab named by the third path segment (default team).
 */
export function SettingsModule() {
  const { pathname } = useLocation();
  const active = tabFromPath(pathname);
  const tab = SETTINGS_TABS.find((x) => x.id === active) ?? SETTINGS_TABS[0];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6" data-testid="settings-module">
      <div>
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </div>
      <div className="flex min-w-0 flex-col gap-6 xl:flex-row">
        <nav aria-label={t.menuLabel} className="min-w-0 xl:w-56 xl:shrink-0">
          <ul className="flex gap-1 overflow-x-auto xl:flex-col">
            {SETTINGS_TABS.map((item) => {
              const Icon = ICONS[item.id];
              return (
                <li key={item.id} className="shrink-0">
                  <Link
                    to={settingsTabPath(item.id)}
                    aria-current={item.id === active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent',
                      item.id === active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                    )}
                  >
                    <Icon className="h-4 w-4" aria-hidden />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className="min-w-0 flex-1" aria-labelledby="settings-tab-title">
          <h2 id="settings-tab-title" className="mb-4 text-xl font-semibold">
            {tab.label}
          </h2>
          <ActiveTab id={active} />
        </section>
      </div>
    </div>
  );
}

function ActiveTab({ id }: { id: SettingsTabId }) {
  switch (id) {
    case 'team':
      return <TeamTab />;
    case 'account':
      return <ProfileTab />;
    case 'addresses':
      return <AddressesTab />;
    default:
      return <UnderConstruction />;
  }
}

function UnderConstruction() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center" data-testid="under-construction">
        <Construction className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.underConstruction}</p>
        <p className="text-sm text-muted-foreground">{t.underConstructionNote}</p>
      </CardContent>
    </Card>
  );
}
