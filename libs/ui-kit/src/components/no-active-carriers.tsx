import type { ComponentType, ReactNode } from 'react';
import { Truck } from 'lucide-react';
import { uiText } from '../lib/ui-text';
import { buttonVariants } from './button';

/** The router's link (react-router's `Link`), handed in: the kit does not depend on the router. */
export type RouterLink = ComponentType<{ to: string; className?: string; children?: ReactNode }>;

/**
 * Where a shipment's carrier is chosen and the merchant has no active carrier integration: says so
 * and links to the carriers' page to connect one.
 *
 * @example <NoActiveCarriers link={Link} to="/carriers" testId="order-no-carriers" />
 */
export function NoActiveCarriers({ link: Link, to, testId }: { link: RouterLink; to: string; testId: string }) {
  return (
    <div className="grid gap-2 text-sm" data-testid={testId}>
      <p className="text-muted-foreground">{uiText.noActiveCarriers}</p>
      <Link to={to} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}>
        <Truck aria-hidden />
        {uiText.connectCarrier}
      </Link>
    </div>
  );
}
