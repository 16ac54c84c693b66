export * from './auth';
export * from './caller-tokens';
export * from './deps';
export * from './password-reset';
export * from './ports';
export * from './profile';
export * from './sso';
export * from './sso-tokens';
