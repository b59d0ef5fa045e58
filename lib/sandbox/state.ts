import type { Context } from 'hono';

import type { Faults } from './faults';
import type { CredentialRecord, IdentityRecord } from './model';
import type { RequestLog } from './request-log';
import type { Signer, TokenClaims } from './signing';
import type { World } from './world';

/** Who may use the /_sandbox controls (see routes/control-guard.ts). */
export interface ControlAccess {
  /** the X-Sandbox-Token every control needs, or null when none is needed (in-process test sandboxes) */
  token: string | null;
  /** host names (no port) the controls answer, besides loopback and the public URL's */
  allowedHosts: string[];
}

export interface SandboxState {
  world: World;
  signer: Signer;
  /** the origin clients reach the sandbox at: the tokens' iss, and aud with a trailing slash */
  publicUrl: string;
  /** persists what a request changed; awaited before the response leaves */
  flush(): Promise<void>;
  reset(): Promise<void>;
  /** books the venues' new day once the clock reaches it (a demo world's); true when it booked */
  followDay?: () => boolean;
  requests: RequestLog;
  faults: Faults;
  controls: ControlAccess;
}

/** The verified caller of a /v2 request. */
export interface Caller {
  credential: CredentialRecord;
  identity: IdentityRecord;
  claims: TokenClaims;
  scopes: ReadonlySet<string>;
}

export type Env = { Variables: { caller: Caller; requestId: string; rateHeaders?: Record<string, string> } };
export type SandboxContext = Context<Env>;
