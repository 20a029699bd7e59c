import { createCipheriv, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { createSecret } from './keys.ts';

// The API's own bearer token, as ABP's TokenAuthController issues it after
// an external sign-in: an HS256 JWT naming the user and the tenant.

const ISSUER = 'Isolatie';
const AUDIENCE = 'Isolatie';
/** The claim name ABP uses for the tenant id. */
export const TENANT_CLAIM = 'http://www.aspnetboilerplate.com/identity/claims/tenantId';
/** ABP's claims for who acts as this user (AbpClaimTypes.ImpersonatorUserId, ImpersonatorTenantId). */
export const IMPERSONATOR_USER_CLAIM = 'http://www.aspnetboilerplate.com/identity/claims/impersonatorUserId';
export const IMPERSONATOR_TENANT_CLAIM = 'http://www.aspnetboilerplate.com/identity/claims/impersonatorTenantId';

export interface BackendIdentity {
  userId: number;
  tenantId: number;
  /** Set when someone else acts as this user (impersonation). */
  impersonatorUserId?: number;
  impersonatorTenantId?: number;
}

export interface IssuedToken {
  accessToken: string;
  encryptedAccessToken: string;
  expireInSeconds: number;
}

export interface BackendTokens {
  issue(identity: BackendIdentity & { userName: string }): Promise<IssuedToken>;
  /** Returns the identity of a valid token, or undefined when it is forged, expired or garbled. */
  verify(token: string): Promise<BackendIdentity | undefined>;
}

export function createBackendTokens(expireInSeconds: number): BackendTokens {
  const signingKey = createSecret(32);
  const encryptionKey = createSecret(32);

  return {
    async issue({ userId, tenantId, userName, impersonatorUserId, impersonatorTenantId }) {
      const now = Math.floor(Date.now() / 1000);
      const impersonator =
        impersonatorUserId === undefined
          ? {}
          : { [IMPERSONATOR_USER_CLAIM]: String(impersonatorUserId), [IMPERSONATOR_TENANT_CLAIM]: String(impersonatorTenantId ?? '') };
      const accessToken = await new SignJWT({ [TENANT_CLAIM]: String(tenantId), unique_name: userName, ...impersonator })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomBytes(16).toString('hex'))
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(now + expireInSeconds)
        .sign(signingKey);
      return { accessToken, encryptedAccessToken: encrypt(accessToken, encryptionKey), expireInSeconds };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, signingKey, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const tenantId = Number(payload[TENANT_CLAIM]);
        if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(tenantId)) return undefined;
        const impersonatorUserId = Number(payload[IMPERSONATOR_USER_CLAIM]);
        if (!Number.isSafeInteger(impersonatorUserId) || impersonatorUserId <= 0) return { userId, tenantId };
        return { userId, tenantId, impersonatorUserId, impersonatorTenantId: Number(payload[IMPERSONATOR_TENANT_CLAIM]) || tenantId };
      } catch {
        return undefined;
      }
    },
  };
}

/** ABP hands out an encrypted copy for SignalR query strings; only its opacity matters here. */
function encrypt(text: string, key: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}
