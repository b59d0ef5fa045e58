/**
 * The token service's shapes (spec: "Token service", "Tokens"). Kept apart from the resource
 * schemas so that nothing about tokens is bundled into browser code that imports those.
 */
import { z } from 'zod';

import { OrgId } from './schemas';

export const TokenRequest = z.strictObject({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  audience: z.string().min(1),
  grant_type: z.literal('client_credentials', { error: 'must be client_credentials' }),
  organization: OrgId.optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  scope: z.string(),
  expires_in: z.number().int().positive(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const SCOPES = [
  'availability:read',
  'commitments:read',
  'commitments:update',
  'entities:create',
  'entities:read',
  'entities:update',
  'entities:upload_logo',
  'holds:create',
  'holds:delete',
  'markets:read',
  'reservations:create',
  'reservations:read',
  'reservations:update',
  'reservations:cancel',
  'venues:read',
] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/** Claims of an access token (spec: "Tokens"). */
export const AccessTokenClaims = z.looseObject({
  iss: z.string(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number().int(),
  exp: z.number().int(),
  scope: z.string(),
  gty: z.literal('client-credentials'),
  azp: z.string(),
  org_id: OrgId.optional(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;
