import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { resolveFault, writeResponse } from '../faults/response.ts';
import type { FaultRegistry } from '../faults/registry.ts';
import { goneOf, NO_HOLDS, type HoldEndpoint, type HoldPoints } from '../faults/holds.ts';
import { createProvider, type IdpConfig } from './oidc.ts';
import { ACCOUNT_PREFIXES, createAccountApp } from './account/routes.ts';
import { createAccountServices } from './accounts.ts';
import { createInteractionApp } from './interactions.ts';
import { createMyAccountApp } from './myaccount/routes.ts';
import { MYACCOUNT_PATH } from './myaccount/http.ts';
import { FAVICON_PATH } from './pages.ts';

// One Node server for the provider: our interaction pages under
// /interaction/, the account pages under /signin/, the local mailbox, the
// my-account API under /idp/myaccount, everything else handled by
// oidc-provider itself. The token endpoint can be made to fail so the app's
// refresh handling can be tested; it and the revocation endpoint can be held.

const PUBLIC_PATHS = new Set(['/.well-known/openid-configuration', '/jwks']);

/** The app's own icon, so the provider's tabs look like the app's. */
const FAVICON = readFileSync(resolve(import.meta.dirname, '../../public/favicon.svg'));

export interface IdpServerConfig extends IdpConfig {
  /** Milliseconds since the epoch, for codes, mailed links and the mailbox; tests move it. */
  clock?: () => number;
}

export async function createIdpServer(config: IdpServerConfig, faults: FaultRegistry, holds: HoldPoints = NO_HOLDS): Promise<Server> {
  const provider = await createProvider(config);
  const services = createAccountServices({ issuer: config.issuer, appOrigin: config.appOrigin, users: config.users, clock: config.clock });
  const handleProvider = provider.callback();
  const handleInteraction = getRequestListener(createInteractionApp(provider, services, config.apiUrl).fetch);
  const handleAccount = getRequestListener(createAccountApp(services).fetch);
  const handleMyAccount = getRequestListener(createMyAccountApp(services).fetch);
  const tokenPath = new URL('token', `${config.issuer}/`).pathname;
  const heldPaths = new Map<string, HoldEndpoint>([
    [tokenPath, 'token'],
    [new URL('token/revocation', `${config.issuer}/`).pathname, 'revocation'],
  ]);

  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === FAVICON_PATH || path === '/favicon.ico') {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': String(FAVICON.byteLength), 'Cache-Control': 'max-age=86400' }).end(req.method === 'HEAD' ? undefined : FAVICON);
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
    if (preflight && req.headers.origin !== config.appOrigin && !PUBLIC_PATHS.has(path)) {
      res.writeHead(403, { Vary: 'Origin', 'Content-Length': '0' }).end();
      return;
    }
    const held = heldPaths.get(path);
    if (held && req.method === 'POST' && faults.enabled) {
      const arriving = { method: req.method, url: new URL(req.url ?? '/', config.issuer), headers: req.headers, gone: goneOf(res) };
      void holds
        .arrive(held, arriving)
        .then((passed) => (passed === 'drop' ? ({ kind: 'reset' } as const) : resolveFault(held === 'token' ? faults.take('token') : undefined, 'oauth')))
        .then(async (outcome) => {
          if (outcome.kind === 'reset') req.socket.destroy();
          else if (outcome.kind === 'respond') {
            // The app reads token errors cross-origin, so the fault needs the
            // same CORS answer the provider would give.
            const origin = req.headers.origin;
            const cors: Record<string, string> =
              origin === config.appOrigin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
            await writeResponse(res, outcome.response, { 'Cache-Control': 'no-store', ...cors });
          } else await handleProvider(req, res);
        });
      return;
    }
    void handleProvider(req, res);
  });
}
