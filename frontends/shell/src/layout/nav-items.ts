import { BookOpen, Cable, LayoutDashboard, ListChecks, Package, Settings, ShoppingBag, Store, type LucideIcon } from 'lucide-react';
import { t } from '../messages';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on the exact path (Dashboard), not on its children. */
  end?: boolean;
  /** Other sections that belong to this entry (the carrier screens belong to Integrazioni, /orders to Ordini). */
  alsoActiveUnder?: readonly string[];
}

/** The sidebar entries of spec §2, in order. */
export const NAV_ITEMS: NavItem[] = [
  { label: t.layout.nav.dashboard, to: '/dashboard', icon: LayoutDashboard, end: true },
  // The orders remote also lists and opens orders under /orders (spec §2 routes).
  { label: t.layout.nav.orders, to: '/dashboard/orders', icon: ShoppingBag, alsoActiveUnder: ['/orders'] },
  { label: t.layout.nav.shipments, to: '/dashboard/shipments', icon: Package },
  // The product catalogue (issue 25), a page of the orders remote.
  { label: t.layout.nav.catalogue, to: '/catalogo', icon: BookOpen },
  { label: t.layout.nav.integrations, to: '/dashboard/integrations', icon: Cable, alsoActiveUnder: ['/carriers'] },
  { label: t.layout.nav.marketplaces, to: '/dashboard/marketplaces', icon: Store, alsoActiveUnder: ['/dashboard/integration'] },
  { label: t.layout.nav.shippingRules, to: '/shipping-rules', icon: ListChecks },
  { label: t.layout.nav.settings, to: '/dashboard/settings', icon: Settings },
];

/** Whether `pathname` is in one of the other sections of `item` (the path itself is NavLink's job). */
export function isActiveElsewhere(item: Pick<NavItem, 'alsoActiveUnder'>, pathname: string): boolean {
  return (item.alsoActiveUnder ?? []).some((base) => pathname === base || pathname.startsWith(`${base}/`));
}
