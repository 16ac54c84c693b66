export * from './merchants';
export * from './memberships';
export * from './invites';
export * from './addresses';
export * from './logos';
