import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, posix, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import { APPCONFIG_PATHS, type AppConfig, type AppConfigSwitch } from '../appconfig.ts';
import { resolveFault } from '../faults/response.ts';
import type { FaultRegistry } from '../faults/registry.ts';
import { dropConnection, goneOf, heldAsset, NO_HOLDS, type HoldEndpoint, type HoldPoints } from '../faults/holds.ts';
import { ABP_PATH, passToApi } from './api-proxy.ts';
import { nginxRules } from './nginx-rules.ts';
import { PAGE_CLOCK_PATH, PAGE_CLOCK_SCRIPT, withPageClock } from './page-clock.ts';
import { keepsPageLog, PAGE_LOG_PATH, PAGE_LOG_SCRIPT, withPageLog, withWorkerLog, WORKER_PATH } from './page-log.ts';

// Serves the production build as deploy/nginx.conf does, so that `npm start`
// and the benchmark see what production sends: strict security headers, the
// same Cache-Control per path (read from that file), the precompressed .br
// and .gz copies next to the files, gzip on the fly where there is none,
// validators for revalidation, and the SPA fallback to index.html.

type Env = { Bindings: HttpBindings };

export interface StaticConfig {
  dist: string;
  issuer: string;
  /** The API as the app calls it: in the connect-src of the CSP. */
  apiUrl: string;
  /** The same-origin layout: ABP's paths under this server's address are passed on to the API listening here. */
  apiServer?: string;
  appConfig: AppConfig;
  /** What is answered in place of `appConfig` while a test has switched it (test mode). */
  appConfigSwitch?: AppConfigSwitch;
  faults: FaultRegistry;
  /**
   * Where the reports of CSP violations go, in test mode: the policy then
   * names this server's `CSP_REPORT_PATH`, so a test sees a violation in any
   * engine, also one whose driver cannot listen in the page.
   */
  cspReports?: unknown[];
  /** Where the configuration and two of the lazy files wait while a test holds them (test mode). */
  holds?: HoldPoints;
  /** Test mode: every page sent to WebKit gets page-log.ts's script first in its <head>, which keeps the page's errors in its sessionStorage. */
  pageLog?: boolean;
  /** Test mode: every page gets page-clock.ts's script first in its <head>, a clock the test moves (Firefox and WebKit have none of their driver's). */
  pageClock?: boolean;
}

/** Where the browser posts a CSP violation report (`report-uri`), when a test collects them. */
export const CSP_REPORT_PATH = '/__csp-reports';

/** Statuses nginx adds a header to without `always`: Cache-Control stays off errors, so a missing hashed file is never cached for a year. */
const CACHEABLE_STATUSES = new Set([200, 201, 204, 206, 301, 302, 303, 304, 307, 308]);

/** The Cache-Control deploy/nginx.conf gives a path (`$uri`: after the SPA fallback that is /index.html). */
export function cacheControlFor(path: string): string {
  return nginxRules().cacheControl(path);
}

/** Content types as Debian's nginx sends them (its mime.types, `charset utf-8` for its default charset_types). */
const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'application/javascript; charset=utf-8',
  css: 'text/css',
  json: 'application/json',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  xml: 'text/xml; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

export function contentTypeFor(path: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) || 'application/octet-stream';
}

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send, of those available, by the client's Accept-Encoding:
 * the highest q above 0 (`*` standing for the ones not named), brotli on a tie.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of available) {
    const q = weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

function inlineHashes(html: string, blocks: RegExp): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(blocks)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/** CSP hash sources for each inline <style> block, so no 'unsafe-inline' is needed. */
export function inlineStyleHashes(html: string): string[] {
  return inlineHashes(html, /<style\b[^>]*>([\s\S]*?)<\/style>/gi);
}

/** CSP hash sources for each inline <script> block (one without src: index.html's early requests), so no 'unsafe-inline' is needed. */
export function inlineScriptHashes(html: string): string[] {
  return inlineHashes(html, /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi);
}

/** The hashes index.html's inline blocks are allowed by. */
export interface InlineHashes {
  styles: string[];
  scripts: string[];
}

export function inlineHashesOf(html: string): InlineHashes {
  return { styles: inlineStyleHashes(html), scripts: inlineScriptHashes(html) };
}

/**
 * The sign-in callback is the one page the app frames itself: a silent
 * renewal (prompt=none) ends there in a hidden iframe. Every other page may
 * not be framed at all; no other site may frame any page.
 */
export const FRAMEABLE_PATH = '/account/logincallback';

export function contentSecurityPolicy(issuer: string, apiUrl: string, hashes: InlineHashes, path = '/', reportUri?: string): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes.scripts].join(' '),
    ['style-src', "'self'", ...hashes.styles].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${issuer} ${apiUrl}`,
    // The provider's page, and this app's own callback page where a silent renewal ends.
    `frame-src 'self' ${issuer}`,
    `form-action 'self' ${issuer}`,
    `frame-ancestors ${path === FRAMEABLE_PATH ? "'self'" : "'none'"}`,
    "base-uri 'self'",
    "object-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    // DOM sinks that turn text into script take Trusted Types only; the one
    // policy is the default one that lets the service worker's address through.
    "require-trusted-types-for 'script'",
    'trusted-types default',
    ...(reportUri ? [`report-uri ${reportUri}`] : []),
  ].join('; ');
}

/** nginx's `location ~ \.[A-Za-z0-9]+$`: a path with an extension names a file, never a client-side route. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

/** nginx's gzip filter leaves shorter bodies alone (gzip_min_length). */
const GZIP_MIN_LENGTH = 20;

const gzipAsync = promisify(gzipCallback);

interface FileStat {
  size: number;
  mtimeMs: number;
}

async function fileStat(path: string): Promise<FileStat | undefined> {
  const stats = await stat(path).catch(() => undefined);
  return stats?.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
}

/** nginx's ETag: modification time and size in hex, of the bytes sent. */
function etagOf(file: FileStat): string {
  return `"${Math.floor(file.mtimeMs / 1000).toString(16)}-${file.size.toString(16)}"`;
}

function notModified(c: Context<Env>, etag: string, lastModified: string): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) {
    const bare = etag.replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
  }
  // nginx's default `if_modified_since exact`.
  return c.req.header('If-Modified-Since') === lastModified;
}

export function createStaticApp(config: StaticConfig): Hono<Env> {
  const root = resolve(config.dist);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`No production build: ${indexPath} is missing. Run "npx vite build" first (npm start does this for you).`);
  }
  const hashes = inlineHashesOf(readFileSync(indexPath, 'utf8'));
  const reportUri = config.cspReports ? CSP_REPORT_PATH : undefined;
  const csp = contentSecurityPolicy(config.issuer, config.apiUrl, hashes, '/', reportUri);
  const callbackCsp = contentSecurityPolicy(config.issuer, config.apiUrl, hashes, FRAMEABLE_PATH, reportUri);
  const rules = nginxRules();
  // Files without a precompressed copy are gzipped once per version, not per request.
  const gzipped = new Map<string, Promise<Buffer>>();
  const gzipOnce = (key: string, body: Buffer): Promise<Buffer> => {
    let result = gzipped.get(key);
    if (!result) {
      result = gzipAsync(body, { level: rules.gzipLevel });
      gzipped.set(key, result);
    }
    return result;
  };
  const app = new Hono<Env>();

  const { apiServer } = config;
  if (apiServer) {
    app.use('*', async (c, next) => {
      if (!ABP_PATH.test(c.req.path)) return next();
      await passToApi(c.env.incoming, c.env.outgoing, apiServer);
      return RESPONSE_ALREADY_SENT;
    });
  }

  const { cspReports } = config;
  if (cspReports) {
    // `application/csp-report` (report-uri) from every engine; the body is JSON whatever its type says.
    app.post(CSP_REPORT_PATH, async (c) => {
      const text = await c.req.text();
      try {
        cspReports.push(JSON.parse(text));
      } catch {
        cspReports.push({ unreadable: text.slice(0, 200) });
      }
      return c.body(null, 204);
    });
  }

  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', c.req.path === FRAMEABLE_PATH ? callbackCsp : csp);
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    c.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    if (!CACHEABLE_STATUSES.has(c.res.status)) c.res.headers.delete('Cache-Control');
  });

  /** A body that nginx would compress on the fly (gzip on): gzip when asked for, with Vary. */
  const compressible = async (c: Context<Env>, body: Buffer, type: string, key: string, headers: Headers): Promise<Buffer> => {
    if (!rules.gzipTypes.has(type.split(';')[0]!) || body.byteLength < GZIP_MIN_LENGTH) return body;
    headers.set('Vary', 'Accept-Encoding');
    if (negotiateEncoding(c.req.header('Accept-Encoding'), ['gzip']) !== 'gzip') return body;
    headers.set('Content-Encoding', 'gzip');
    return gzipOnce(key, body);
  };

  const send = (c: Context<Env>, status: number, headers: Headers, body: Buffer) => {
    headers.set('Content-Length', String(body.byteLength));
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  };

  if (config.pageLog) {
    const script = Buffer.from(PAGE_LOG_SCRIPT);
    app.get(PAGE_LOG_PATH, (c) =>
      send(c, 200, new Headers({ 'Content-Type': contentTypeFor(PAGE_LOG_PATH), 'Cache-Control': 'no-store' }), script),
    );
  }

  if (config.pageClock) {
    const script = Buffer.from(PAGE_CLOCK_SCRIPT);
    app.get(PAGE_CLOCK_PATH, (c) =>
      send(c, 200, new Headers({ 'Content-Type': contentTypeFor(PAGE_CLOCK_PATH), 'Cache-Control': 'no-store' }), script),
    );
  }

  /** One file of the build, answered as nginx's static, gzip_static and brotli_static modules would. */
  const serveFile = async (c: Context<Env>, path: string, file: FileStat, uri: string) => {
    const type = contentTypeFor(path);
    // Test mode: a page for WebKit with the page log's script, and the worker with its log's, a page with the page clock's
    // on a stack that has one, each made from the file and not from its compressed copies.
    const logged =
      config.pageLog === true && (type.startsWith('text/html') || uri === WORKER_PATH) && keepsPageLog(c.req.header('User-Agent'));
    const clocked = config.pageClock === true && type.startsWith('text/html');
    const rewritten = logged || clocked;
    const withScripts = (text: string) => {
      if (uri === WORKER_PATH) return withWorkerLog(text);
      const page = clocked ? withPageClock(text) : text;
      return logged ? withPageLog(page) : page;
    };
    const headers = new Headers({ 'Content-Type': type, 'Cache-Control': cacheControlFor(uri) });
    // A copy older than its file is left from an earlier build: not sent.
    const copies = new Map<Encoding, FileStat>();
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const copy = rewritten ? undefined : await fileStat(path + suffix);
      if (copy && copy.mtimeMs >= file.mtimeMs) copies.set(encoding, copy);
    }
    if (copies.size > 0) headers.set('Vary', 'Accept-Encoding');
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), [...copies.keys()]);
    const sent = encoding ? copies.get(encoding)! : file;
    let etag = rewritten ? etagOf(sent).replace(/"$/, `${logged ? '-log' : ''}${clocked ? '-clock' : ''}"`) : etagOf(sent);
    const lastModified = new Date(Math.floor(sent.mtimeMs / 1000) * 1000).toUTCString();
    let body: Buffer;
    if (encoding) {
      headers.set('Content-Encoding', encoding);
      body = await readFile(path + (encoding === 'br' ? '.br' : '.gz'));
    } else {
      const plain = rewritten ? Buffer.from(withScripts(await readFile(path, 'utf8'))) : await readFile(path);
      body = await compressible(
        c,
        plain,
        type,
        `${path}:${file.mtimeMs}:${file.size}${logged ? ':page-log' : ''}${clocked ? ':page-clock' : ''}`,
        headers,
      );
      // nginx's gzip filter weakens the ETag of what it compresses.
      if (body !== plain) etag = `W/${etag}`;
    }
    headers.set('ETag', etag);
    headers.set('Last-Modified', lastModified);
    if (notModified(c, etag, lastModified)) {
      headers.delete('Content-Type');
      headers.delete('Content-Encoding');
      return new Response(null, { status: 304, headers });
    }
    return send(c, 200, headers, body);
  };

  const holds = config.holds ?? NO_HOLDS;
  /** Waits while the test holds the endpoint; true when the test dropped the request (the connection is gone). */
  const heldAndDropped = async (c: Context<Env>, endpoint: HoldEndpoint): Promise<boolean> => {
    const arriving = { method: c.req.method, url: new URL(c.req.url), headers: c.req.raw.headers, gone: goneOf(c.env.outgoing) };
    if ((await holds.arrive(endpoint, arriving)) === 'pass') return false;
    dropConnection(c.env.incoming.socket);
    return true;
  };

  for (const path of APPCONFIG_PATHS) {
    app.get(path, async (c) => {
      if (await heldAndDropped(c, 'appconfig')) return RESPONSE_ALREADY_SENT;
      const outcome = await resolveFault(config.faults.take('appconfig'), 'abp');
      if (outcome.kind === 'reset') {
        c.env.incoming.socket.destroy();
        return RESPONSE_ALREADY_SENT;
      }
      if (outcome.kind === 'respond') {
        outcome.response.headers.set('Cache-Control', 'no-store');
        return outcome.response;
      }
      // In production the deploy writes this file and nginx's map makes it no-store;
      // the development name (`npm run dev`) is never deployed, and never stored either.
      const type = 'application/json';
      const headers = new Headers({ 'Content-Type': type, 'Cache-Control': 'no-store' });
      const json = Buffer.from(JSON.stringify(config.appConfigSwitch?.current ?? config.appConfig));
      return send(c, 200, headers, await compressible(c, json, type, `appconfig:${json.toString()}`, headers));
    });
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    let uri: string;
    try {
      uri = posix.normalize(decodeURIComponent(c.req.path));
    } catch {
      return c.text('Bad request', 400);
    }
    const path = resolve(root, `.${uri}`);
    if (uri.includes('\0') || (path !== root && !path.startsWith(root + sep))) return c.text('Not found', 404);
    const file = uri.endsWith('/') ? undefined : await fileStat(path);
    const held = file && heldAsset(uri);
    if (held && (await heldAndDropped(c, held))) return RESPONSE_ALREADY_SENT;
    if (file) return serveFile(c, path, file, uri);
    // Client-side routes (no file extension) get the app shell; a missing
    // script or image stays a real 404 so broken deploys are visible.
    if (FILE_PATH.test(uri)) return c.text('Not found', 404);
    const index = await fileStat(indexPath);
    return index ? serveFile(c, indexPath, index, '/index.html') : c.text('Not found', 404);
  });

  app.notFound((c) => c.text('Not found', 404));
  return app;
}
