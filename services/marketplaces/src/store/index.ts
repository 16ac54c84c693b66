export * from './marketplaces';
export * from './integrations';
export * from './jobs';
