import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { resolveFault, writeResponse } from '../faults/response.ts';
import type { FaultRegistry } from '../faults/registry.ts';
import { dropConnection, goneOf, NO_HOLDS, type HoldEndpoint, type HoldPoints } from '../faults/holds.ts';
import { createProviders, CUSTOM_SERVER_PATH, type IdpConfig } from './oidc.ts';
import { CUSTOM_ROUTES, ORG_ROUTES } from './authorization.ts';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { ACCOUNT_PREFIXES, createAccountApp } from './account/routes.ts';
import { createAccountServices } from './accounts.ts';
import { createInteractionApp } from './interactions.ts';
import { createMyAccountApp, type MyAccountOrgOptions } from './myaccount/routes.ts';
import { MYACCOUNT_PATH } from './myaccount/http.ts';
import { FAVICON_PATH } from './pages.ts';

// One Node server for the provider, an Okta org: our interaction pages under
// /interaction/, the account pages under /signin/, the local mailbox, the
// my-account API under /idp/myaccount, the custom authorization server under
// /oauth2/default, everything else the org authorization server (oidc.ts).
// The sign-in server's token endpoint can be made to fail so the app's
// refresh handling can be tested; it and its revocation endpoint can be held.

/** The app's own icon, so the provider's tabs look like the app's. */
const FAVICON = readFileSync(resolve(import.meta.dirname, '../../public/favicon.svg'));

export interface IdpServerConfig extends IdpConfig {
  /** Milliseconds since the epoch, for codes, mailed links and the mailbox; tests move it. */
  clock?: () => number;
  /** Test mode: every refresh grant the token endpoint handled is added here, in order. */
  refreshGrants?: RefreshGrant[];
  /** The org's MyAccount choices: its step-up challenge, whether it has change-password. */
  myAccount?: MyAccountOrgOptions;
}

/**
 * A refresh grant as the provider handled it: the refresh token it was given, and the one it answered or the error.
 * An answer asking for a DPoP nonce is no grant (the client sends the same grant again with it) and is not listed.
 */
export interface RefreshGrant {
  presented: string;
  issued?: string;
  error?: string;
  /** When the provider answered it (ms since the epoch, the stack's clock): renewals a period apart from renewals one per tab. */
  at: number;
}

export async function createIdpServer(config: IdpServerConfig, faults: FaultRegistry, holds: HoldPoints = NO_HOLDS): Promise<Server> {
  const { org, custom } = await createProviders(config);
  // The grants that renew a sign-in: the sign-in's authorization server's.
  if (config.refreshGrants) recordRefreshGrants(custom ?? org, config.refreshGrants);
  const services = createAccountServices({ issuer: config.issuer, appOrigin: config.appOrigin, users: config.users, clock: config.clock });
  const handleOrg = org.callback();
  const handleCustom = custom?.callback();
  // Either server reads the org's sign-in steps (one store): the org server finishes them for both.
  const handleInteraction = getRequestListener(createInteractionApp(org, services, config.apiAudience ?? config.apiUrl).fetch);
  const handleAccount = getRequestListener(createAccountApp(services).fetch);
  const handleMyAccount = getRequestListener(createMyAccountApp(services, org, config.myAccount).fetch);
  const signInRoutes = custom ? { prefix: CUSTOM_SERVER_PATH, ...CUSTOM_ROUTES } : { prefix: '', ...ORG_ROUTES };
  const heldPaths = new Map<string, HoldEndpoint>([
    [`${signInRoutes.prefix}${signInRoutes.token}`, 'token'],
    [`${signInRoutes.prefix}${signInRoutes.revocation}`, 'revocation'],
    [`${signInRoutes.prefix}${signInRoutes.authorization}`, 'authorize'],
  ]);
  /** The custom server below its issuer's path, as mounted (oidc.ts tells it its mount path); the org server at the root. */
  const handleProvider = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (
      handleCustom &&
      (url === CUSTOM_SERVER_PATH || url.startsWith(`${CUSTOM_SERVER_PATH}/`) || url.startsWith(`${CUSTOM_SERVER_PATH}?`))
    ) {
      req.url = url.slice(CUSTOM_SERVER_PATH.length) || '/';
      return handleCustom(req, res);
    }
    return handleOrg(req, res);
  };
  const publicPaths = new Set([
    '/.well-known/openid-configuration',
    ORG_ROUTES.jwks,
    `${CUSTOM_SERVER_PATH}/.well-known/openid-configuration`,
    `${CUSTOM_SERVER_PATH}${CUSTOM_ROUTES.jwks}`,
  ]);

  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === FAVICON_PATH || path === '/favicon.ico') {
      res
        .writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': String(FAVICON.byteLength), 'Cache-Control': 'max-age=86400' })
        .end(req.method === 'HEAD' ? undefined : FAVICON);
      return;
    }
    if (path.startsWith('/interaction/')) {
      void handleInteraction(req, res);
      return;
    }
    if (ACCOUNT_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      void handleAccount(req, res);
      return;
    }
    // Before the provider's preflight rule below: this API answers CORS itself.
    if (path === MYACCOUNT_PATH || path.startsWith(`${MYACCOUNT_PATH}/`)) {
      void handleMyAccount(req, res);
      return;
    }
    // oidc-provider answers every preflight and checks the origin only on
    // the real request. Refuse other origins up front, except for the
    // public discovery document and key set.
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'];
    if (preflight && req.headers.origin !== config.appOrigin && !publicPaths.has(path)) {
      res.writeHead(403, { Vary: 'Origin', 'Content-Length': '0' }).end();
      return;
    }
    const held = heldPaths.get(path);
    if (held && req.method === (held === 'authorize' ? 'GET' : 'POST') && faults.enabled) {
      const arriving = { method: req.method, url: new URL(req.url ?? '/', config.issuer), headers: req.headers, gone: goneOf(res) };
      void (async () => {
        if ((await holds.arrive(held, arriving)) === 'drop') return dropConnection(req.socket);
        const outcome = await resolveFault(held === 'token' ? faults.take('token') : undefined, 'oauth');
        if (outcome.kind === 'reset') req.socket.destroy();
        else if (outcome.kind === 'respond') {
          // The app reads token errors cross-origin, so the fault needs the
          // same CORS answer the provider would give.
          const origin = req.headers.origin;
          const cors: Record<string, string> = origin === config.appOrigin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
          await writeResponse(res, outcome.response, { 'Cache-Control': 'no-store', ...cors });
        } else {
          if (outcome.kind === 'tokenless') withoutAccessToken(res);
          await handleProvider(req, res);
        }
      })();
      return;
    }
    void handleProvider(req, res);
  });
}

/** Lists the refresh grants as the provider handles them, whenever the browser reports its requests. */
function recordRefreshGrants(provider: Provider, grants: RefreshGrant[]): void {
  const presented = (ctx: unknown) => {
    const params = (ctx as KoaContextWithOIDC).oidc.params;
    return params?.grant_type === 'refresh_token' ? String(params.refresh_token) : undefined;
  };
  provider.on('grant.success', (ctx) => {
    const token = presented(ctx);
    if (token !== undefined)
      grants.push({
        presented: token,
        issued: ((ctx as KoaContextWithOIDC).body as { refresh_token?: string } | undefined)?.refresh_token,
        at: Date.now(),
      });
  });
  provider.on('grant.error', (ctx, error) => {
    const token = presented(ctx);
    const name = (error as { error?: string }).error ?? String(error);
    if (token !== undefined && name !== 'use_dpop_nonce') grants.push({ presented: token, error: name, at: Date.now() });
  });
}

/**
 * The provider's token response with `access_token` taken out: a 200 the
 * app must not take for a sign-in. Its JSON goes out in one piece (Koa ends
 * the response with the whole body), so that piece is rewritten.
 */
function withoutAccessToken(res: ServerResponse): void {
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode !== 200 || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))) return end(chunk, ...rest);
    const answer = JSON.parse(chunk.toString()) as Record<string, unknown>;
    delete answer.access_token;
    const body = JSON.stringify(answer);
    if (!res.headersSent) res.setHeader('Content-Length', String(Buffer.byteLength(body)));
    return end(body, ...rest);
  }) as typeof res.end;
}
