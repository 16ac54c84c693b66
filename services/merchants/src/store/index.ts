export * from './merchants';
export * from './memberships';
