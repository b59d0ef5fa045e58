import 'server-only';

export type { DashboardConfig } from './config-core';
/** The dashboard's configuration, read from the environment once per process. */
export { configFromProcess as getConfig } from './config-core';
