import { importPKCS8, SignJWT } from 'jose';
import type { ClientSecretConfig } from '../../config';

// Apple accepts secrets valid for up to six months; a short one is made per exchange instead.
const lifetimeSeconds = 5 * 60;

/**
 * Apple's client secret: an ES256 JWT from the team, about the client (Services ID), for Apple.
 * https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret
 */
export async function appleClientSecret(
  config: Extract<ClientSecretConfig, { kind: 'apple-signed' }>,
  clientId: string,
  now: Date,
): Promise<string> {
  const key = await importPKCS8(config.privateKeyPem, 'ES256');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
    .setIssuer(config.teamId)
    .setSubject(clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(key);
}
