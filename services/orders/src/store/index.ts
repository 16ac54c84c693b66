export * from './orders';
export * from './list-sql';
