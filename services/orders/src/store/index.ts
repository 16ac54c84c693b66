export * from './orders';
export * from './list-sql';
export * from './order-shipments';
export * from './shipping-rules';
export * from './list-versions';
export * from './manual-orders';
export * from './order-imports';
