import { Link } from 'react-router-dom';
import { Box, Mail, MapPin, Truck, User, Users, type LucideIcon } from 'lucide-react';
import { cn } from '@smista/ui-kit';
import { t } from './messages';
import { AddressesTab } from './addresses/addresses-tab';
import { BuyerEmailsTab } from './buyer-emails/buyer-emails-tab';
import { CarriersTab } from './carriers/carriers-tab';
import { PackagesTab } from './packages/packages-tab';
import { ProfileTab } from './profile/profile-tab';
import { TeamTab } from './team/team-tab';
import { SETTINGS_TABS, settingsTabPath, type SettingsTabId } from './tabs';

const ICONS: Record<SettingsTabId, LucideIcon> = { team: Users, account: User, carriers: Truck, addresses: MapPin, packages: Box, emails: Mail };

/**
 * The settings area (spec §2): the title, the side menu and the tab. The menu is a column from
 * 1280 px; narrower it is a row that wraps (two by two on a phone), so every tab stays in view.
 */
export function SettingsPage({ tab: active }: { tab: SettingsTabId }) {
  const tab = SETTINGS_TABS.find((x) => x.id === active) ?? SETTINGS_TABS[0];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6" data-testid="settings-module">
      <div>
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </div>
      <div className="flex min-w-0 flex-col gap-6 xl:flex-row">
        <nav aria-label={t.menuLabel} className="min-w-0 xl:w-56 xl:shrink-0">
          <ul className="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap xl:flex-col xl:flex-nowrap" data-testid="settings-menu">
            {SETTINGS_TABS.map((item) => {
              const Icon = ICONS[item.id];
              return (
                <li key={item.id} className="min-w-0">
                  <Link
                    to={settingsTabPath(item.id)}
                    aria-current={item.id === active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent',
                      item.id === active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                    )}
                  >
                    <Icon className="h-4 w-4 shrink-0" aria-hidden />
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
    case 'carriers':
      return <CarriersTab />;
    case 'addresses':
      return <AddressesTab />;
    case 'packages':
      return <PackagesTab />;
    case 'emails':
      return <BuyerEmailsTab />;
  }
}
