/**
 * The JSON the gateway answers on `/api` (spec §7), one type per shape. The gateway's presenters
 * build them and the frontends read them, so both sides name the same fields; a frontend never
 * writes a response shape of its own.
 *
 * Types only (no runtime code): importing them costs the bundles nothing. One file per domain;
 * a new shape goes in its domain's file (or a new file listed here), never in a screen.
 *
 * @example
 * // a remote's feature API
 * const members = await apiFetch<MemberJson[]>(`/api/merchants/${merchantId}/users`);
 */

export type * from './common';
export type * from './identity';
export type * from './addresses';
export type * from './carriers';
export type * from './marketplaces';
export type * from './orders';
export type * from './shipments';
export type * from './rules';
export type * from './activity';
