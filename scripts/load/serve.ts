/** The dashboard under load: one production server with its sandbox, or a deployment of several (deployment.ts). */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import { serveBuild } from '../processes';
import { startDeployment } from './deployment';
import { AS_DEPLOYED, DATA_DIR, LOG_DIR, type LoadOptions } from './options';

export interface Served {
  /** the dashboard processes' addresses */
  bases: string[];
  sandboxUrl: string;
  /** the deployment's PostgreSQL; none for the single server, which keeps its embedded database in DATA_DIR */
  databaseUrl?: string;
  /** resolves, naming what stopped, when a process exits before `stop` */
  exited: Promise<string>;
  /** stops every process; again does nothing */
  stop(): Promise<void>;
}

/** `exited` and `stop` as Served has them: an exit after `stop` was called is not reported, and `stop` runs once. */
function stoppable(exited: Promise<string>, stop: () => Promise<void>): Pick<Served, 'exited' | 'stop'> {
  let stopping: Promise<void> | null = null;
  return {
    exited: exited.then((what) => (stopping ? new Promise<never>(() => {}) : what)),
    stop: () => (stopping ??= stop()),
  };
}

/** A new log file of dashboard process `i` (from 0) in LOG_DIR. */
const logOf = (i: number) => createWriteStream(path.join(LOG_DIR, `dashboard-${i + 1}.log`));

export async function serveForLoad(o: LoadOptions): Promise<Served> {
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  const sandboxUrl = `http://127.0.0.1:${o.sandboxPort}`;
  const base = `http://127.0.0.1:${o.port}`;
  if (o.processes > 1) {
    console.log(
      `\n━━ starting PostgreSQL, the sandbox (${sandboxUrl}) and ${o.processes} production dashboard processes from ${base}`,
    );
    const d = await startDeployment({
      processes: o.processes,
      port: o.port,
      sandboxPort: o.sandboxPort,
      dataDir: DATA_DIR,
      logOf,
      env: AS_DEPLOYED,
    });
    return { bases: d.bases, sandboxUrl, databaseUrl: d.databaseUrl, ...stoppable(d.exited, d.stop) };
  }
  console.log(`\n━━ starting the sandbox (${sandboxUrl}) and the production dashboard (${base})`);
  const serve = await serveBuild({
    name: 'load',
    port: o.port,
    sandboxPort: o.sandboxPort,
    dataDir: DATA_DIR,
    log: logOf(0),
    env: AS_DEPLOYED,
  });
  const exited = new Promise<string>((resolve) =>
    serve.child.once('exit', (code) => resolve(`the dashboard or the sandbox (exit ${code})`)),
  );
  return { bases: [base], sandboxUrl, ...stoppable(exited, serve.stop) };
}
