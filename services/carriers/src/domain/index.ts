export * from './errors';
export * from './integrations';
export * from './labels';
export * from './pool';
export * from './days';
