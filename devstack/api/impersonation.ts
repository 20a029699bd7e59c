import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { EndpointName } from './endpoints.ts';
import type { ApiEnv } from './middleware.ts';
import type { ApiTenantDirectory } from './tenants.ts';
import type { ApiUserDirectory } from './users.ts';
import type { BackendIdentity, BackendTokens } from './backend-token.ts';
import { success } from './envelope.ts';

// Impersonation as ASP.NET Zero does it: an administrator acts as another
// user (the token carries ABP's impersonator claims, GetAll's session names
// the impersonator), and `Account/BackToImpersonator` plus
// `TokenAuth/ImpersonatedAuthenticate` take them back. Starting one is a
// test switch here (the real backend has its own screen for it). Only a
// deployment with impersonation on has any of it (behaviour.ts); the
// recorded host (module-zero-core-template) has none.

type Handler = (c: Context<ApiEnv>) => Response | Promise<Response>;

export interface ImpersonationDeps {
  tokens: BackendTokens;
  users: ApiUserDirectory;
  tenants: ApiTenantDirectory;
  json: (c: Context<ApiEnv>, body: unknown) => Response;
  fail: (c: Context<ApiEnv>, status: 401 | 403 | 404 | 500, message: string, details?: string | null) => Response;
  notSignedIn: (c: Context<ApiEnv>) => Response;
  testMode: boolean;
  app: Hono<ApiEnv>;
  /** Whether this deployment offers impersonation now. */
  offered: () => boolean;
}

/** One-time tokens for the way back, by value: the impersonator they sign in. */
const IMPERSONATION_TOKEN_TTL_MS = 60_000;

/** The two endpoints of the way back; in test mode also `POST /__devstack/impersonate` to start acting as someone. */
export function impersonationHandlers({
  tokens,
  users,
  tenants,
  json,
  fail,
  notSignedIn,
  testMode,
  app,
  offered,
}: ImpersonationDeps): Record<'BackToImpersonator' | 'ImpersonatedAuthenticate', Handler> & Partial<Record<EndpointName, Handler>> {
  const wayBack = new Map<string, { identity: BackendIdentity; userName: string; expiresAt: number }>();

  if (testMode) {
    // Test switch: `{ userName, asUserName, tenantId }` gives the token of `asUserName` with `userName` as the impersonator.
    app.post('/__devstack/impersonate', async (c) => {
      if (!offered()) return fail(c, 404, 'Impersonation is off at this API (stack option impersonation: "on").');
      const body = (await c.req.json().catch(() => ({}))) as { userName?: unknown; asUserName?: unknown; tenantId?: unknown };
      const tenantId = typeof body.tenantId === 'number' ? body.tenantId : 1;
      const find = (name: unknown) => (typeof name === 'string' ? users.findByUserName(tenantId, name) : undefined);
      const impersonator = find(body.userName);
      const target = find(body.asUserName);
      if (!impersonator || !target) return fail(c, 404, 'Unknown user.');
      const issued = await tokens.issue({
        userId: target.id,
        tenantId,
        userName: target.userName,
        impersonatorUserId: impersonator.id,
        impersonatorTenantId: tenantId,
      });
      return json(c, success(issued));
    });
  }

  return {
    BackToImpersonator: (c) => {
      const { user, identity } = c.get('abp');
      if (!user || !identity) return notSignedIn(c);
      const { impersonatorUserId, impersonatorTenantId } = identity;
      const impersonator = impersonatorUserId === undefined ? undefined : users.findById(impersonatorUserId);
      if (!impersonator) return fail(c, 500, 'Je werkt niet namens iemand anders.');
      const impersonationToken = randomBytes(24).toString('hex');
      const tenantId = impersonatorTenantId ?? impersonator.tenantId;
      wayBack.set(impersonationToken, {
        identity: { userId: impersonator.id, tenantId },
        userName: impersonator.userName,
        expiresAt: Date.now() + IMPERSONATION_TOKEN_TTL_MS,
      });
      return json(
        c,
        success({ impersonationToken, tenancyName: tenantId === null ? null : (tenants.findById(tenantId)?.tenancyName ?? null) }),
      );
    },

    ImpersonatedAuthenticate: async (c) => {
      const value = c.req.query('impersonationToken') ?? '';
      const entry = wayBack.get(value);
      wayBack.delete(value);
      if (!entry || entry.expiresAt < Date.now()) return fail(c, 500, 'Ongeldig of verlopen impersonatietoken.');
      const issued = await tokens.issue({ ...entry.identity, userName: entry.userName });
      return json(c, success(issued));
    },
  };
}
