export * from './client';
export * from './errors';
export * from './filters';
export * from './locales';
export * from './rate-limit';
export * from './schemas';
export { Secret } from './secret';
export { TokenManager, TOKEN_EXPIRY_SKEW_MS, type TokenStats } from './tokens';
export * from './token-schemas';
