export * from './activity';
export * from './errors';
export * from './limits';
export * from './notifications';
export * from './workday';
