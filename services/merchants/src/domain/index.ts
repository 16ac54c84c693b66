export * from './errors';
export * from './merchant';
export * from './roles';
export * from './policy';
export * from './invites';
export * from './addresses';
export * from './logo';
