import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';

import { errorFromResponse, GuestbookApiError } from './errors';
import { Secret } from './secret';
import { AccessTokenClaims, TokenResponse } from './token-schemas';

/** Tokens are renewed this long before `exp`, so a request never leaves with one about to expire. */
export const TOKEN_EXPIRY_SKEW_MS = 60_000;

export interface TokenManagerOptions {
  authUrl: string;
  audience: string;
  clientId: string;
  clientSecret: Secret;
  fetch: typeof fetch;
  now: () => number;
  /** verify each new token's RS256 signature, issuer, audience and org_id against the JWKS */
  verifyTokens: boolean;
  timeoutMs: number;
}

interface CachedToken {
  token: Secret;
  expiresAt: number;
  scopes: ReadonlySet<string>;
}

export interface TokenStats {
  /** token requests sent to the token service since the manager was created */
  requested: number;
  /** token requests answered from the cache or by joining one already in flight */
  reused: number;
}

/**
 * Client-credentials tokens, one per (credential, organization): reused until shortly before
 * they expire, and fetched once when several callers need the same one at the same moment.
 */
export class TokenManager {
  readonly #options: TokenManagerOptions;
  readonly #cache = new Map<string, CachedToken>();
  readonly #inFlight = new Map<string, Promise<CachedToken>>();
  #jwks: ReturnType<typeof createLocalJWKSet> | undefined;
  readonly stats: TokenStats = { requested: 0, reused: 0 };

  constructor(options: TokenManagerOptions) {
    this.#options = options;
  }

  /** An access token for the organization (an entity's org_id), or the credential's default token. */
  async get(organization?: string): Promise<{ token: Secret; scopes: ReadonlySet<string> }> {
    const key = organization ?? '';
    const cached = this.#cache.get(key);
    if (cached && this.#options.now() < cached.expiresAt - TOKEN_EXPIRY_SKEW_MS) {
      this.stats.reused++;
      return cached;
    }
    const pending = this.#inFlight.get(key);
    if (pending) {
      this.stats.reused++;
      return pending;
    }
    const request = this.#request(organization).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, request);
    const fresh = await request;
    this.#cache.set(key, fresh);
    return fresh;
  }

  /** Drops a token the API refused (401), unless a newer one has replaced it already. */
  invalidate(organization: string | undefined, token: Secret): void {
    const key = organization ?? '';
    if (this.#cache.get(key)?.token === token) this.#cache.delete(key);
  }

  /** Forgets every cached token (after the credentials change). */
  clear(): void {
    this.#cache.clear();
  }

  async #request(organization: string | undefined): Promise<CachedToken> {
    const { authUrl, audience, clientId, clientSecret } = this.#options;
    const path = '/oauth/token';
    const url = `${authUrl.replace(/\/$/, '')}${path}`;
    const requestedAt = this.#options.now();
    this.stats.requested++;
    let response: Response;
    try {
      response = await this.#options.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          client_id: clientId,
          client_secret: clientSecret.reveal(),
          audience,
          grant_type: 'client_credentials',
          ...(organization ? { organization } : {}),
        }),
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new GuestbookApiError({
        status: 0,
        method: 'POST',
        path,
        code: timedOut ? 'timeout' : 'network',
        detail: 'The token service cannot be reached.',
        cause,
      });
    }
    const text = await response.text();
    if (!response.ok) throw errorFromResponse('POST', path, response.status, text);

    let body: TokenResponse;
    try {
      body = TokenResponse.parse(JSON.parse(text));
    } catch {
      throw new GuestbookApiError({
        status: response.status,
        method: 'POST',
        path,
        code: 'invalid_response',
        detail: 'The token service answered without a usable token.',
      });
    }
    const token = new Secret(body.access_token);
    if (this.#options.verifyTokens) await this.#verify(token, organization);
    return {
      token,
      expiresAt: requestedAt + body.expires_in * 1000,
      scopes: new Set(body.scope.split(' ').filter(Boolean)),
    };
  }

  async #verify(token: Secret, organization: string | undefined): Promise<void> {
    const path = '/.well-known/jwks.json';
    const fail = (detail: string, cause?: unknown) =>
      new GuestbookApiError({ status: 0, method: 'GET', path, code: 'invalid_response', detail, cause });
    if (!this.#jwks) {
      const response = await this.#options.fetch(`${this.#options.authUrl.replace(/\/$/, '')}${path}`, {
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
      if (!response.ok) throw errorFromResponse('GET', path, response.status, await response.text());
      this.#jwks = createLocalJWKSet((await response.json()) as JSONWebKeySet);
    }
    let claims: AccessTokenClaims;
    try {
      const { payload } = await jwtVerify(token.reveal(), this.#jwks, {
        algorithms: ['RS256'],
        audience: this.#options.audience,
        currentDate: new Date(this.#options.now()),
      });
      claims = AccessTokenClaims.parse(payload);
    } catch (cause) {
      throw fail('The token service issued a token that does not verify against its JWKS.', cause);
    }
    if ((claims.org_id ?? undefined) !== organization) {
      throw fail(
        `The token service issued a token for organization ${claims.org_id ?? '(none)'} instead of ${organization ?? '(none)'}.`,
      );
    }
  }
}
