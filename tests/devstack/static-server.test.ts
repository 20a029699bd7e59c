import { createHash } from 'node:crypto';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NGINX_CONF, parseNginxRules } from '../../devstack/app-server/nginx-rules.ts';
import { startStack } from '../../devstack/stack.ts';
import { createStaticApp, negotiateEncoding } from '../../devstack/app-server/static-server.ts';
import { WORKER_LOG_SCRIPT } from '../../devstack/app-server/page-log.ts';
import { freePorts } from '../../devstack/ports.ts';
import { GZIP_ONLY_SCRIPT, HASHED_SCRIPT, INLINE_SCRIPT, INLINE_STYLE, SCRIPT_TEXT, stackForTests } from './helpers/test-stack.ts';

const stack = stackForTests({ klantenportaal: 'https://portaal.isolatie.local' });

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack().urls.app}${path}`, { headers });

/** The bytes as sent: fetch would unpack a compressed body. */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack().urls.app}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static server', () => {
  it('falls back to index.html for client-side routes', async () => {
    for (const path of ['/', '/app/home', '/account/logincallback', '/verkoop/offertes/12']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers a missing file with a real 404', async () => {
    expect((await get('/assets/index-Missing1.js')).status).toBe(404);
    expect((await get('/favicon.ico')).status).toBe(404);
  });

  it('sends the security headers, with a CSP that allows the one inline script by its hash', async () => {
    const response = await get('/app/home');
    const csp = response.headers.get('content-security-policy')!;
    const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d] as const));
    const scriptHash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(directives.get('script-src')).toBe(`script-src 'self' 'sha256-${scriptHash}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const hash = createHash('sha256').update(INLINE_STYLE).digest('base64');
    expect(directives.get('style-src')).toBe(`style-src 'self' 'sha256-${hash}'`);
    expect(directives.get('connect-src')).toBe(`connect-src 'self' ${stack().urls.issuer} ${stack().urls.api}`);
    expect(directives.get('frame-src')).toBe(`frame-src 'self' ${stack().urls.issuer}`);
    expect(directives.get('form-action')).toBe(`form-action 'self' ${stack().urls.issuer}`);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
      "worker-src 'self'",
      "manifest-src 'self'",
      "require-trusted-types-for 'script'",
      'trusted-types default',
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    // Also on files and on errors.
    expect((await get(HASHED_SCRIPT)).headers.get('content-security-policy')).toBe(csp);
    expect((await get('/assets/nope.js')).headers.get('x-content-type-options')).toBe('nosniff');
    // The sign-in callback alone may be framed, and by the app itself only (silent renewal).
    const callbackCsp = (await get('/account/logincallback?code=x&state=y')).headers.get('content-security-policy')!;
    expect(callbackCsp).toBe(csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  });

  it('sends the Cache-Control of deploy/nginx.conf for every kind of path, and none on errors', async () => {
    const cases: [string, string][] = [
      [HASHED_SCRIPT, 'public, max-age=31536000, immutable'],
      ['/', 'no-cache'],
      ['/index.html', 'no-cache'],
      ['/app/home', 'no-cache'],
      ['/account/logincallback?code=x&state=y', 'no-cache'],
      ['/sw.js', 'no-cache'],
      ['/registerSW.js', 'no-cache'],
      ['/manifest.webmanifest', 'no-cache'],
      ['/assets/logo.svg', 'no-cache'],
      ['/assets/appconfig.production.json', 'no-store'],
    ];
    const nginx = parseNginxRules(readFileSync(NGINX_CONF, 'utf8'));
    for (const [path, expected] of cases) {
      const response = await get(path);
      expect([path, response.status, response.headers.get('cache-control')]).toEqual([path, 200, expected]);
      // The same answer as nginx's map for what nginx serves there (the shell for a client-side route).
      const uri = new URL(path, stack().urls.app).pathname;
      expect(nginx.cacheControl(/\.[A-Za-z0-9]+$/.test(uri) ? uri : '/index.html')).toBe(expected);
    }
    // nginx adds Cache-Control only to successful answers: a missing hashed file is never cached for a year.
    for (const path of ['/assets/index-Missing1.js', '/assets/missing-ABCDEFGH.js']) {
      const missing = await get(path);
      expect([path, missing.status, missing.headers.get('cache-control')]).toEqual([path, 404, null]);
    }
  });

  it("sends the brotli copy, else the gzip copy, by Accept-Encoding, with the file's type and the copy's length", async () => {
    const br = await rawGet(HASHED_SCRIPT, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['content-length']).toBe(String(br.body.byteLength));
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.equals(readFileSync(join(stack().dist, `${HASHED_SCRIPT}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT_TEXT);

    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5', 'x-gzip']) {
      const gz = await rawGet(HASHED_SCRIPT, { 'Accept-Encoding': acceptEncoding });
      expect([acceptEncoding, gz.headers['content-encoding']]).toEqual([acceptEncoding, 'gzip']);
      expect(gz.headers['content-length']).toBe(String(gz.body.byteLength));
      expect(gunzipSync(gz.body).toString()).toBe(SCRIPT_TEXT);
    }

    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0, br;q=0', 'deflate']) {
      const plain = await rawGet(HASHED_SCRIPT, acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding });
      expect([acceptEncoding, plain.headers['content-encoding']]).toEqual([acceptEncoding, undefined]);
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT_TEXT)));
      expect(plain.body.toString()).toBe(SCRIPT_TEXT);
    }

    // Only a gzip copy: a client that takes brotli and gzip gets that one.
    const gzipOnly = await rawGet(GZIP_ONLY_SCRIPT, { 'Accept-Encoding': 'br, gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.body).toString()).toBe(SCRIPT_TEXT);
  });

  it("gzips on the fly what has no copy (nginx's gzip_types), and leaves other types alone", async () => {
    const shell = await rawGet('/verkoop', { 'Accept-Encoding': 'gzip, br' });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shell.headers.vary).toBe('Accept-Encoding');
    expect(shell.headers['content-length']).toBe(String(shell.body.byteLength));
    expect(gunzipSync(shell.body).toString()).toBe(readFileSync(join(stack().dist, 'index.html'), 'utf8'));

    const config = await rawGet('/assets/appconfig.production.json', { 'Accept-Encoding': 'gzip' });
    expect(config.headers['content-encoding']).toBe('gzip');
    expect(config.headers['content-type']).toBe('application/json');
    expect(config.headers['cache-control']).toBe('no-store');
    expect(config.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(config.body).toString())).toEqual(stack().appConfig);

    // Not in gzip_types: as it is.
    const manifest = await rawGet('/manifest.webmanifest', { 'Accept-Encoding': 'gzip' });
    expect(manifest.headers['content-encoding']).toBeUndefined();
    expect(manifest.headers.vary).toBeUndefined();
  });

  it('does not send a copy older than its file (left from an earlier build)', async () => {
    const path = '/assets/stale-Zz99Yy88.js';
    writeFileSync(join(stack().dist, `${path}.br`), brotliCompressSync('console.log("old")'));
    writeFileSync(join(stack().dist, `${path}.gz`), gzipSync('console.log("old")'));
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(stack().dist, `${path}.br`), past, past);
    utimesSync(join(stack().dist, `${path}.gz`), past, past);
    writeFileSync(join(stack().dist, path), SCRIPT_TEXT);
    const answer = await rawGet(path, { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(SCRIPT_TEXT);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await rawGet(HASHED_SCRIPT, { 'Accept-Encoding': 'br' }, 'HEAD');
    const full = await rawGet(HASHED_SCRIPT, { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'vary']) {
      expect([name, head.headers[name]]).toEqual([name, full.headers[name]]);
    }
  });

  it('revalidates with ETag and Last-Modified: 304 with the cache headers, no body', async () => {
    const first = await rawGet('/sw.js', { 'Accept-Encoding': 'gzip' });
    const etag = first.headers.etag!;
    const lastModified = first.headers['last-modified']!;
    expect(etag).toMatch(/^(W\/)?"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);

    const byTag = await rawGet('/sw.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body.byteLength).toBe(0);
    expect(byTag.headers['cache-control']).toBe('no-cache');
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers['content-security-policy']).toBeDefined();

    expect((await rawGet('/sw.js', { 'If-Modified-Since': lastModified })).status).toBe(304);
    expect((await rawGet('/sw.js', { 'If-None-Match': '"0-0"' })).status).toBe(200);
    // The brotli copy is another representation, with its own tag.
    const br = await rawGet(HASHED_SCRIPT, { 'Accept-Encoding': 'br' });
    expect((await rawGet(HASHED_SCRIPT, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! })).status).toBe(304);
    expect((await rawGet(HASHED_SCRIPT, { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.etag! })).status).toBe(200);
  });

  it('never serves a file outside the build', async () => {
    for (const path of [
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2f..%2fetc%2fpasswd.txt',
      '/assets/%2e%2e/%2e%2e/%2e%2e/etc/hostname.txt',
    ]) {
      const answer = await rawGet(path);
      expect(answer.body.toString(), path).not.toMatch(/root:x?:0:/);
      expect(answer.status === 404 || answer.body.toString().includes('<div id="root">'), path).toBe(true);
    }
  });

  it('answers the generated appconfig, never cached', async () => {
    const response = await get('/assets/appconfig.production.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      appBaseUrl: stack().urls.app,
      remoteServiceBaseUrl: stack().urls.api,
      localeMappings: [
        { from: 'nl-NL', to: 'nl' },
        { from: 'en-US', to: 'en' },
        { from: 'en', to: 'en' },
      ],
      tenantHeaderName: 'Abp-TenantId',
      // The local stack() is a one-company deployment: a browser that chose no environment is in Default.
      tenancyName: 'Default',
      auth: {
        issuer: stack().urls.signInIssuer,
        clientId: 'isolatie-staff',
        authProvider: 'OpenIdConnect',
        clockSkew: 300,
        dpop: true,
        registrationUrl: `${stack().urls.issuer}/signin/register`,
        passwordRecoveryUrl: `${stack().urls.issuer}/signin/forgot-password`,
        unlockUrl: `${stack().urls.issuer}/signin/unlock`,
        // The provider's refresh-token chain (eight hours here), as an Okta access policy names it: no token answer does.
        refreshTokenLifetimeMinutes: 480,
      },
      klantenportaal: 'https://portaal.isolatie.local',
    });
  });

  it('answers a config a test switched to, and the generated one again after the reset', async () => {
    const mappings = [{ from: 'nl', to: 'en-GB' }, ...stack().appConfig.localeMappings];
    stack().appConfigSwitch.set({ localeMappings: mappings });
    try {
      const switched = (await (await get('/assets/appconfig.production.json')).json()) as Record<string, unknown>;
      expect(switched).toEqual({ ...stack().appConfig, localeMappings: mappings });
    } finally {
      stack().appConfigSwitch.reset();
    }
    expect(await (await get('/assets/appconfig.production.json')).json()).toEqual(stack().appConfig);
  });

  it("puts the page log first in the <head> of WebKit's pages and its log first in the worker's script (test mode), from the app's own address, the CSP unchanged; the other engines' pages and worker as built", async () => {
    const webkit = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    const chromium = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    const logged = await get('/app/home', { 'User-Agent': webkit });
    expect(await logged.text()).toMatch(/<head[^>]*><script src="\/__page-log\.js"><\/script>/);
    const built = await get('/app/home', { 'User-Agent': chromium });
    expect(logged.headers.get('content-security-policy')).toBe(built.headers.get('content-security-policy'));
    for (const userAgent of [chromium, firefox])
      expect(await (await get('/app/home', { 'User-Agent': userAgent })).text()).not.toContain('__page-log');
    const script = await get('/__page-log.js', { 'User-Agent': webkit });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await script.text()).toContain('unhandledrejection');
    // The worker's script, for WebKit only, starts with its log's lines and goes on as built.
    const worker = await (await get('/sw.js', { 'User-Agent': webkit })).text();
    const builtWorker = await (await get('/sw.js', { 'User-Agent': chromium })).text();
    expect(worker.startsWith(WORKER_LOG_SCRIPT)).toBe(true);
    expect(worker.slice(WORKER_LOG_SCRIPT.length)).toBe(builtWorker);
    expect(builtWorker).not.toContain('__workerLog');
    // Outside test mode the server has neither.
    const plain = createStaticApp({
      dist: stack().dist,
      issuer: stack().urls.issuer,
      apiUrl: stack().urls.api,
      appConfig: stack().appConfig,
      faults: stack().faults,
    });
    expect(await (await plain.request('/app/home', { headers: { 'User-Agent': webkit } })).text()).not.toContain('__page-log');
    expect((await plain.request('/__page-log.js', { headers: { 'User-Agent': webkit } })).status).toBe(404);
    expect(await (await plain.request('/sw.js', { headers: { 'User-Agent': webkit } })).text()).not.toContain('__workerLog');
  });

  it("puts the page clock first in the <head> of every engine's pages on a stack that asks for it (test mode), the worker and the CSP as built; no clock otherwise", async () => {
    const options = {
      dist: stack().dist,
      issuer: stack().urls.issuer,
      apiUrl: stack().urls.api,
      appConfig: stack().appConfig,
      faults: stack().faults,
    };
    const clocked = createStaticApp({ ...options, pageClock: true });
    const plain = createStaticApp(options);
    const firefox = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' };
    const page = await clocked.request('/app/home', { headers: firefox });
    expect(await page.text()).toMatch(/<head[^>]*><script src="\/__page-clock\.js"><\/script>/);
    expect(page.headers.get('content-security-policy')).toBe((await plain.request('/app/home')).headers.get('content-security-policy'));
    const script = await clocked.request('/__page-clock.js');
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await script.text()).toContain('__pageClock');
    expect(await (await clocked.request('/sw.js')).text()).toBe(await (await plain.request('/sw.js')).text());
    expect(await (await plain.request('/app/home', { headers: firefox })).text()).not.toContain('__page-clock');
    expect((await plain.request('/__page-clock.js')).status).toBe(404);
    expect(await (await get('/app/home', firefox)).text()).not.toContain('__page-clock');
  });
});

describe("the same-origin layout: ABP's paths under the app's address", () => {
  const sameOrigin = stackForTests({ apiLayout: 'same-origin' });

  it("names the app's own address as the API in the config and in the CSP", async () => {
    const config = (await (await fetch(`${sameOrigin().urls.app}/assets/appconfig.production.json`)).json()) as {
      remoteServiceBaseUrl: string;
    };
    expect(config.remoteServiceBaseUrl).toBe(sameOrigin().urls.app);
    const csp = (await fetch(`${sameOrigin().urls.app}/app/home`)).headers.get('content-security-policy')!;
    expect(csp).toContain(`connect-src 'self' ${sameOrigin().urls.issuer} ${sameOrigin().urls.app};`);
  });

  it('passes every ABP path the app calls on to the API, method, headers, body and case as sent', async () => {
    const viaApp = await fetch(`${sameOrigin().urls.app}/AbpUserConfiguration/GetAll`, { headers: { 'Abp-TenantId': '1' } });
    const direct = await fetch(`${sameOrigin().urls.apiServer}/AbpUserConfiguration/GetAll`, { headers: { 'Abp-TenantId': '1' } });
    expect(viaApp.status).toBe(200);
    const [proxied, own] = (await Promise.all([viaApp.json(), direct.json()])) as [
      { result: { session: unknown } },
      { result: { session: unknown } },
    ];
    expect(proxied.result.session).toEqual(own.result.session);
    expect(viaApp.headers.get('content-type')).toBe(direct.headers.get('content-type'));

    const post = await fetch(`${sameOrigin().urls.app}/api/services/app/Account/IsTenantAvailable`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenancyName: 'Default' }),
    });
    expect(post.status).toBe(200);
    expect(((await post.json()) as { result: { state: number; tenantId: number } }).result).toMatchObject({ state: 1, tenantId: 1 });
    // ASP.NET routes without regard to case, and so does the rule that passes them on.
    expect((await fetch(`${sameOrigin().urls.app}/abpuserconfiguration/getall`)).status).toBe(200);
  });

  it('answers 502 when the API cannot be reached, as nginx does', async () => {
    const [port] = await freePorts(1);
    const app = createStaticApp({
      dist: sameOrigin().dist,
      issuer: sameOrigin().urls.issuer,
      apiUrl: 'http://localhost:1',
      apiServer: `http://localhost:${port}`,
      appConfig: sameOrigin().appConfig,
      faults: sameOrigin().faults,
    });
    const server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((done) => server.listen(0, 'localhost', done));
    try {
      const address = server.address() as { port: number };
      const answer = await fetch(`http://localhost:${address.port}/api/services/app/Session/GetCurrentLoginInformations`);
      expect(answer.status).toBe(502);
      // Everything else is still the build.
      expect((await fetch(`http://localhost:${address.port}/app/home`)).status).toBe(200);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip'], 'br'],
    ['gzip, deflate, br', ['gzip'], 'gzip'],
    ['br;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['gzip;q=1, br;q=0.8', ['br', 'gzip'], 'gzip'],
    ['*', ['br', 'gzip'], 'br'],
    ['*;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['identity', ['br', 'gzip'], undefined],
    ['', ['br', 'gzip'], undefined],
    ['BR', ['br'], 'br'],
  ] as const)('%j with %j available gives %s', (header, available, expected) => {
    expect(negotiateEncoding(header, available)).toBe(expected);
  });
});

describe('deploy/nginx.conf as the app server reads it', () => {
  it('evaluates the map as nginx does: exact key, then regexes in order, then default', () => {
    const rules = parseNginxRules(`
      # a comment with "quotes" and { braces }
      map $uri $cache {
        default            "fallback";
        "~^/a/.+\\.js$"    "regex-1";
        ~*^/A/             'regex-2';
        /a/exact.js        "exact";
      }
      server { listen \${LISTEN}; gzip_types text/css application/json; gzip_comp_level 4; add_header Cache-Control $cache; }
    `);
    expect(rules.cacheControl('/a/exact.js')).toBe('exact');
    expect(rules.cacheControl('/a/other.js')).toBe('regex-1');
    expect(rules.cacheControl('/a/other.css')).toBe('regex-2');
    expect(rules.cacheControl('/b')).toBe('fallback');
    expect([...rules.gzipTypes].sort()).toEqual(['application/json', 'text/css', 'text/html']);
    expect(rules.gzipLevel).toBe(4);
  });

  it('refuses a configuration without the Cache-Control map', () => {
    expect(() => parseNginxRules('server { add_header X-Other 1; }')).toThrow(/Cache-Control/);
  });
});

describe('start-up errors', () => {
  it.each([
    ['app', 'APP_PORT'],
    ['idp', 'IDP_PORT'],
    ['api', 'API_PORT'],
  ] as const)('rejects when the %s port is taken, naming the port and %s', async (which, envVar) => {
    const [app, idp, api] = (await freePorts(3)) as [number, number, number];
    const ports = { app, idp, api, [which]: stack().ports[which] };
    const attempt = startStack({ appPort: ports.app, idpPort: ports.idp, apiPort: ports.api, dist: stack().dist });
    await expect(attempt).rejects.toThrow(
      `Port ${stack().ports[which]} on ${which === 'idp' ? '127.0.0.1' : 'localhost'} is already in use`,
    );
    await expect(attempt).rejects.toThrow(`${envVar}=<port>`);
    // Servers that had started before the failure were closed again.
    const retry = await startStack({ appPort: app, idpPort: idp, apiPort: api, dist: stack().dist });
    await retry.stop();
  });

  it('rejects without a production build', async () => {
    const [app, idp, api] = (await freePorts(3)) as [number, number, number];
    await expect(startStack({ appPort: app, idpPort: idp, apiPort: api, dist: '/nonexistent-dist' })).rejects.toThrow(
      /index\.html is missing/,
    );
  });
});
