export * from './errors';
export * from './catalogue';
export * from './integrations';
export * from './jobs';
export * from './tracking-pushes';
export * from './delivery-reports';
export * from './oauth-state';
