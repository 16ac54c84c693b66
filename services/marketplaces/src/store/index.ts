export * from './marketplaces';
export * from './integrations';
export * from './jobs';
export * from './tracking-pushes';
export * from './delivery-reports';
export * from './oauth-states';
export * from './webhook-deliveries';
