/**
 * The dashboard's configuration: every environment variable it reads, with its default
 * (`getConfig`, read once per process).
 *
 * This index is server-only (config.ts). Plain-Node code (scripts/, proxy.ts, the staff CLI)
 * imports `config/config-core` directly, which is free of `server-only`.
 */

export { getConfig } from './config';
export { deviceCookieName, entityCookieName, sessionCookieName, type DashboardConfig } from './config-core';
