export * from './activity-service';
