import type { RouteDef } from './route';

/** Spec §7 "Marketplaces and integrations" and the order-sync jobs (being built). */
export const marketplaceRoutes: RouteDef[] = [];
