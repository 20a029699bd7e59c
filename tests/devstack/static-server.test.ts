import { createHash } from 'node:crypto';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../../devstack/stack.ts';
import { freePorts } from './helpers/ports.ts';
import { HASHED_SCRIPT, INLINE_STYLE, startTestStack, type TestStack } from './helpers/test-stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ klantenportaal: 'https://portaal.isolatie.local' });
});
afterAll(() => stack.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.urls.app}${path}`, { headers });

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

  it('sends the security headers, with a CSP that needs no inline script', async () => {
    const response = await get('/app/home');
    const csp = response.headers.get('content-security-policy')!;
    const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d] as const));
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const hash = createHash('sha256').update(INLINE_STYLE).digest('base64');
    expect(directives.get('style-src')).toBe(`style-src 'self' 'sha256-${hash}'`);
    expect(directives.get('connect-src')).toBe(`connect-src 'self' ${stack.urls.issuer} ${stack.urls.api}`);
    expect(directives.get('frame-src')).toBe(`frame-src ${stack.urls.issuer}`);
    expect(directives.get('form-action')).toBe(`form-action 'self' ${stack.urls.issuer}`);
    for (const directive of ["default-src 'self'", "img-src 'self' data:", "font-src 'self'", "frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "worker-src 'self'", "manifest-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    // Also on files and on errors.
    expect((await get(HASHED_SCRIPT)).headers.get('content-security-policy')).toBe(csp);
    expect((await get('/assets/nope.js')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    expect((await get(HASHED_SCRIPT)).headers.get('cache-control')).toBe(immutable);
    for (const path of ['/', '/index.html', '/app/home', '/sw.js', '/registerSW.js', '/manifest.webmanifest', '/assets/logo.svg']) {
      expect((await get(path)).headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('serves a precompressed sibling when the client accepts it', async () => {
    // fetch would unpack it; read the raw bytes instead.
    const raw = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${stack.urls.app}${HASHED_SCRIPT}`, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['content-type']).toMatch(/javascript/);
    expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(raw.body).toString()).toContain('console.log');
    const plain = await get(HASHED_SCRIPT, { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('answers the generated appconfig, never cached', async () => {
    const response = await get('/assets/appconfig.production.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      appBaseUrl: stack.urls.app,
      remoteServiceBaseUrl: stack.urls.api,
      localeMappings: [
        { from: 'nl-NL', to: 'nl' },
        { from: 'en-US', to: 'en' },
        { from: 'en', to: 'en' },
      ],
      tenantHeaderName: 'Abp-TenantId',
      auth: {
        issuer: stack.urls.issuer,
        clientId: 'isolatie-staff',
        authProvider: 'OpenIdConnect',
        clockSkew: 300,
        registrationUrl: `${stack.urls.issuer}/signin/register`,
        passwordRecoveryUrl: `${stack.urls.issuer}/signin/forgot-password`,
        unlockUrl: `${stack.urls.issuer}/signin/unlock`,
      },
      klantenportaal: 'https://portaal.isolatie.local',
    });
  });
});

describe('start-up errors', () => {
  it.each([
    ['app', 'APP_PORT'],
    ['idp', 'IDP_PORT'],
    ['api', 'API_PORT'],
  ] as const)('rejects when the %s port is taken, naming the port and %s', async (which, envVar) => {
    const [app, idp, api] = (await freePorts(3)) as [number, number, number];
    const ports = { app, idp, api, [which]: stack.ports[which] };
    const attempt = startStack({ appPort: ports.app, idpPort: ports.idp, apiPort: ports.api, dist: stack.dist });
    await expect(attempt).rejects.toThrow(`Port ${stack.ports[which]} on localhost is already in use`);
    await expect(attempt).rejects.toThrow(`${envVar}=<port>`);
    // Servers that had started before the failure were closed again.
    const retry = await startStack({ appPort: app, idpPort: idp, apiPort: api, dist: stack.dist });
    await retry.stop();
  });

  it('rejects without a production build', async () => {
    const [app, idp, api] = (await freePorts(3)) as [number, number, number];
    await expect(startStack({ appPort: app, idpPort: idp, apiPort: api, dist: '/nonexistent-dist' })).rejects.toThrow(
      /index\.html is missing/,
    );
  });
});
