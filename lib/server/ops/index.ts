/**
 * What an operator runs: readiness and liveness checks, the process's lifecycle (draining on
 * SIGTERM without cutting an allocation apply), and the registry that refuses a process whose
 * secrets differ from its peers'.
 *
 * This index is server-only (health.ts). scripts/server.ts imports `ops/lifecycle` and
 * `ops/process-registry` directly; both are free of `server-only`. instrumentation.ts imports
 * `ops/start-or-exit` directly, on the Node.js runtime only.
 */

export { readiness } from './health';
export { asApply, onShutdown } from './lifecycle';
