export * from './messages';
export * from './schemas';
export * from './addresses';
export * from './team';
export * from './italian-errors';
export * from './api-types';
