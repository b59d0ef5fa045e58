import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

import { createSandboxApp, type SandboxState } from './app';
import { Faults } from './faults';
import { emptyWorld, type WorldData } from './model';
import { openPersistence, type Persistence } from './persistence';
import { RequestLog } from './request-log';
import { followDays } from './seed/business-day';
import { seedDemoWorld, type SeedOptions } from './seed/demo';
import { readSeedFile, worldFromSeed } from './seed/file';
import { createSigningKey, Signer } from './signing';
import { World } from './world';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** the seed world for a new or reset sandbox: `demo` (default), `empty`, or the path of a seed file */
  seed?: string;
  seedOptions?: SeedOptions;
  /** keep the world in this directory (embedded PGlite); ignored with `memory` or `databaseUrl` */
  dataDir?: string;
  /** keep the world in PostgreSQL */
  databaseUrl?: string;
  /** keep the world in memory only (tests) */
  memory?: boolean;
  /** the origin clients use, when it differs from http://host:port (a proxy) */
  publicUrl?: string;
  quiet?: boolean;
  /**
   * The X-Sandbox-Token every /_sandbox control needs. Unset: none, for sandboxes started inside
   * a test process; the sandbox's own command (main.ts) always sets one.
   */
  controlToken?: string | null;
  /** host names besides loopback and the public URL's that /_sandbox controls answer */
  allowedHosts?: string[];
  /**
   * A fixed instant for the sandbox's clock: a new or reset world is seeded around it (the demo
   * world's reservations are dated from its day) and its clock starts there and runs on, so a test
   * sees the same world at any hour and on any date. Unset: the machine's clock.
   */
  startsAt?: Date;
  /**
   * The demo world, on the machine's clock, books each new day at its venues as it reaches it
   * (seed/business-day.ts): a sandbox left running overnight still has a day of service.
   */
  followsDays?: boolean;
}

export interface RunningSandbox {
  url: string;
  /** the X-Sandbox-Token the /_sandbox controls need (null: none) */
  controlToken: string | null;
  state: SandboxState;
  close(): Promise<void>;
}

function seedWorld(options: SandboxOptions): WorldData {
  if (options.seed === 'empty') return emptyWorld();
  if (options.seed && options.seed !== 'demo') return worldFromSeed(readSeedFile(options.seed), options.startsAt);
  return seedDemoWorld({ today: options.startsAt, ...options.seedOptions });
}

/** Sets the world's clock to `startsAt` (kept as an offset from the machine's, so it runs on). */
function startClock(world: World, startsAt: Date | undefined): void {
  if (startsAt) world.setClockOffset(startsAt.getTime() - Date.now());
}

/** Starts the sandbox: token service, JWKS, /v2 and /_sandbox on one origin. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const persistence: Persistence | null = options.memory
    ? null
    : await openPersistence({ dataDir: options.dataDir ?? '.data/sandbox', databaseUrl: options.databaseUrl });

  let data = persistence ? await persistence.load() : null;
  const fresh = !data;
  data ??= seedWorld(options);
  const world = new World(data);
  if (fresh) startClock(world, options.startsAt);
  if (world.data.keys.size === 0) {
    const key = await createSigningKey(world.now());
    world.put('keys', key.kid, key);
  }
  const signer = new Signer([...world.data.keys.values()][0]!);
  if (persistence) {
    if (fresh) await persistence.replaceAll(world.data);
    else await persistence.save(world.takeChanges());
  }
  world.takeChanges();

  const state: SandboxState = {
    world,
    signer,
    publicUrl: '',
    requests: new RequestLog(),
    faults: new Faults(),
    followDay: options.followsDays && (options.seed ?? 'demo') === 'demo' ? followDays(world) : undefined,
    controls: {
      token: options.controlToken ?? null,
      allowedHosts: [host, ...(options.allowedHosts ?? [])],
    },
    async flush() {
      const changes = world.takeChanges();
      if (persistence && changes.length) await persistence.save(changes);
    },
    async reset() {
      const keys = world.data.keys;
      const next = seedWorld(options);
      next.keys = keys;
      world.replace(next);
      startClock(world, options.startsAt);
      if (persistence) await persistence.replaceAll(world.data);
    },
  };
  const app = createSandboxApp(state);

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4010, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  // Idle keep-alive connections stay open a minute: with Node's 5 s, a client could send a request
  // on a connection just as the server closed it, and see the request fail with ECONNRESET.
  (server as { keepAliveTimeout?: number }).keepAliveTimeout = 60_000;
  const { port } = server.address() as AddressInfo;
  const url = options.publicUrl?.replace(/\/$/, '') ?? `http://${host}:${port}`;
  state.publicUrl = url;
  if (!options.quiet) console.log(`Guest Book sandbox listening on ${url} (API reference: ${url}/docs)`);

  return {
    url,
    controlToken: state.controls.token,
    state,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await state.flush();
      await persistence?.close();
    },
  };
}
