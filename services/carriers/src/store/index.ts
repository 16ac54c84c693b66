export * from './carriers';
export * from './integrations';
export * from './tracking-codes';
