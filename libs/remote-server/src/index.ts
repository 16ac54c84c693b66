export * from './announcement';
export * from './directory';
export * from './registry';
export * from './static-files';
export * from './server';
export { bucketName } from './config';
