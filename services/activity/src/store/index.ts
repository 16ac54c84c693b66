export * from './activity';
export * from './notifications';
export * from './projections';
