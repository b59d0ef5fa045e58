import { readFileSync } from 'node:fs';
import path from 'node:path';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { DEMO_PASSWORD } from '../lib/server/auth/demo-accounts';
import { WORKER, workerServers } from './env';

/** A signed JWT (header.payload.signature): what an API access token or a session looks like. */
const JWT = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/;
/** A password hash as the staff store writes it (argon2id, PHC string). */
const PASSWORD_HASH = /\$argon2(?:id|i|d)\$v=\d+\$/;

/** The session-signing secret a worker's e2e dashboard generated for itself (sandbox mode). */
export function e2eAuthSecret(worker = WORKER): string {
  return readFileSync(path.join(workerServers(worker).dataDir, 'auth-secret'), 'utf8').trim();
}

/** What of the partner's secrets a text gives away: the client secret, tokens, password hashes, passwords. */
export function leaksIn(text: string, extraSecrets: Record<string, string> = {}): string[] {
  const found: string[] = [];
  if (text.includes(DEMO_PARTNER.clientSecret)) found.push('client secret');
  if (JWT.test(text)) found.push('a JWT');
  if (/access_token/.test(text)) found.push('the word access_token');
  if (PASSWORD_HASH.test(text)) found.push('a password hash');
  if (text.includes(DEMO_PASSWORD)) found.push('a staff password');
  for (const [name, secret] of Object.entries(extraSecrets)) if (secret && text.includes(secret)) found.push(name);
  return found;
}
