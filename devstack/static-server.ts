import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { APPCONFIG_PATHS, type AppConfig } from './appconfig.ts';
import { resolveFault } from './fault-response.ts';
import type { FaultRegistry } from './faults.ts';

// Serves the production build the way the real web server should: strict
// security headers, long caching only for content-hashed files, and the
// SPA fallback to index.html for client-side routes.

type Env = { Bindings: HttpBindings };

export interface StaticConfig {
  dist: string;
  issuer: string;
  apiUrl: string;
  appConfig: AppConfig;
  faults: FaultRegistry;
}

/** Vite's output names: name-HASH.ext under /assets/, with an 8-character hash. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/i;

export function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** CSP hash sources for each inline <style> block, so no 'unsafe-inline' is needed. */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(issuer: string, apiUrl: string, styleHashes: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ['style-src', "'self'", ...styleHashes].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${issuer} ${apiUrl}`,
    `frame-src ${issuer}`,
    `form-action 'self' ${issuer}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

export function createStaticApp(config: StaticConfig): Hono<Env> {
  const root = resolve(config.dist);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`No production build: ${indexPath} is missing. Run "npx vite build" first (npm start does this for you).`);
  }
  const csp = contentSecurityPolicy(config.issuer, config.apiUrl, inlineStyleHashes(readFileSync(indexPath, 'utf8')));
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    c.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  });

  for (const path of APPCONFIG_PATHS) {
    app.get(path, async (c) => {
      const outcome = await resolveFault(config.faults.take('appconfig'), 'abp');
      if (outcome.kind === 'reset') {
        c.env.incoming.socket.destroy();
        return RESPONSE_ALREADY_SENT;
      }
      const response = outcome.kind === 'respond' ? outcome.response : Response.json(config.appConfig);
      response.headers.set('Cache-Control', 'no-store');
      return response;
    });
  }

  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', cacheControlFor(c.req.path));
      },
    }),
  );

  // Client-side routes (no file extension) get the app shell; a missing
  // script or image stays a real 404 so broken deploys are visible.
  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (extname(c.req.path) !== '') return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    return c.html(await readFile(indexPath, 'utf8'), 200, { 'Cache-Control': 'no-cache' });
  });

  app.notFound((c) => c.text('Not found', 404));
  return app;
}
