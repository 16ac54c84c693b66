import type { RouteDef } from './route';

/** Spec §7 "Orders" (being built). */
export const orderRoutes: RouteDef[] = [];
