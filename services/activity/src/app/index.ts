export * from './periodic-checks';
