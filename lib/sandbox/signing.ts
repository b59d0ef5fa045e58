import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';

import type { SigningKeyRecord } from './model';

export interface TokenClaims extends JWTPayload {
  scope: string;
  gty: 'client-credentials';
  azp: string;
  org_id?: string;
}

/** Creates the RS256 key pair a new sandbox signs its tokens with. */
export async function createSigningKey(now: Date): Promise<SigningKeyRecord> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const kid = randomUUID();
  return {
    kid,
    private_jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' },
    public_jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    created_at: now.toISOString(),
  };
}

/** Signs and verifies the sandbox's access tokens with its current key. */
export class Signer {
  readonly #key: SigningKeyRecord;
  readonly #jwks: ReturnType<typeof createLocalJWKSet>;
  #private: CryptoKey | Uint8Array | undefined;

  constructor(key: SigningKeyRecord) {
    this.#key = key;
    this.#jwks = createLocalJWKSet(this.jwks());
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.#key.public_jwk as JWK] };
  }

  async sign(
    claims: TokenClaims,
    opts: { issuer: string; audience: string; subject: string; issuedAt: number; expiresAt: number },
  ): Promise<string> {
    this.#private ??= await importJWK(this.#key.private_jwk as JWK, 'RS256');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: this.#key.kid })
      .setIssuer(opts.issuer)
      .setAudience(opts.audience)
      .setSubject(opts.subject)
      .setIssuedAt(opts.issuedAt)
      .setExpirationTime(opts.expiresAt)
      .sign(this.#private);
  }

  /** Verifies signature, issuer, audience and expiry at the sandbox's clock; throws when any fails. */
  async verify(token: string, opts: { issuer: string; audience: string; now: Date }): Promise<TokenClaims> {
    const { payload } = await jwtVerify(token, this.#jwks, {
      algorithms: ['RS256'],
      issuer: opts.issuer,
      audience: opts.audience,
      currentDate: opts.now,
      clockTolerance: 0,
    });
    return payload as TokenClaims;
  }
}
