import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { createSecret } from '../keys.ts';

// The API's own bearer token, as the template's TokenAuthController issues
// it after an external sign-in: an HS256 JWT with ABP's claims, the tenant
// claim left out for a user of the host.

const ISSUER = 'AbpProjectName';
const AUDIENCE = 'AbpProjectName';
const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
export const USER_ID_CLAIM = `${CLAIMS}/nameidentifier`;
export const USER_NAME_CLAIM = `${CLAIMS}/name`;
export const EMAIL_CLAIM = `${CLAIMS}/emailaddress`;
export const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
/** The claim name ABP uses for the tenant id. */
export const TENANT_CLAIM = 'http://www.aspnetboilerplate.com/identity/claims/tenantId';
/** ABP's claims for who acts as this user (AbpClaimTypes.ImpersonatorUserId, ImpersonatorTenantId). */
export const IMPERSONATOR_USER_CLAIM = 'http://www.aspnetboilerplate.com/identity/claims/impersonatorUserId';
export const IMPERSONATOR_TENANT_CLAIM = 'http://www.aspnetboilerplate.com/identity/claims/impersonatorTenantId';

export interface BackendIdentity {
  userId: number;
  /** null: a user of the host. */
  tenantId: number | null;
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
  /** `timing` (seconds since the epoch) makes a token of another time: the tests' validly signed, expired token. */
  issue(
    identity: BackendIdentity & { userName: string; emailAddress?: string; roleNames?: readonly string[] },
    timing?: { issuedAt: number; expiresAt: number },
  ): Promise<IssuedToken>;
  /** Returns the identity of a valid token, or undefined when it is forged, expired or garbled. */
  verify(token: string): Promise<BackendIdentity | undefined>;
}

export function createBackendTokens(expireInSeconds: number): BackendTokens {
  const signingKey = createSecret(32);
  const encryptionKey = createSecret(32);

  return {
    async issue({ userId, tenantId, userName, emailAddress = '', roleNames = [], impersonatorUserId, impersonatorTenantId }, timing) {
      const now = timing?.issuedAt ?? Math.floor(Date.now() / 1000);
      const impersonator =
        impersonatorUserId === undefined
          ? {}
          : { [IMPERSONATOR_USER_CLAIM]: String(impersonatorUserId), [IMPERSONATOR_TENANT_CLAIM]: String(impersonatorTenantId ?? '') };
      const role = roleNames.length === 0 ? {} : { [ROLE_CLAIM]: roleNames.length === 1 ? roleNames[0] : [...roleNames] };
      const claims = {
        [USER_ID_CLAIM]: String(userId),
        [USER_NAME_CLAIM]: userName,
        [EMAIL_CLAIM]: emailAddress,
        'AspNet.Identity.SecurityStamp': randomUUID(),
        ...role,
        ...(tenantId === null ? {} : { [TENANT_CLAIM]: String(tenantId) }),
        ...impersonator,
      };
      const accessToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(timing?.expiresAt ?? now + expireInSeconds)
        .sign(signingKey);
      return { accessToken, encryptedAccessToken: encrypt(accessToken, encryptionKey), expireInSeconds };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, signingKey, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const rawTenant = payload[TENANT_CLAIM];
        const tenantId = rawTenant === undefined ? null : Number(rawTenant);
        if (!Number.isSafeInteger(userId) || (tenantId !== null && !Number.isSafeInteger(tenantId))) return undefined;
        const impersonatorUserId = Number(payload[IMPERSONATOR_USER_CLAIM]);
        if (!Number.isSafeInteger(impersonatorUserId) || impersonatorUserId <= 0) return { userId, tenantId };
        return {
          userId,
          tenantId,
          impersonatorUserId,
          impersonatorTenantId: Number(payload[IMPERSONATOR_TENANT_CLAIM]) || (tenantId ?? undefined),
        };
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
