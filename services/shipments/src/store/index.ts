export * from './shipments';
export * from './list-sql';
export * from './audit';
export * from './labels';
export * from './runs';
export * from './recipient-erasure';
export * from './tracking';
export * from './buyer-mail';
