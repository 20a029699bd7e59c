import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../../devstack/stack.ts';
import { cacheControlFor, contentSecurityPolicy, inlineHashesOf } from '../../../devstack/app-server/static-server.ts';
import { renderNginxSite } from '../../../scripts/nginx-conf.ts';
import { precompress } from '../../../devstack/app-server/precompress.ts';
import { freePorts } from '../../devstack/helpers/ports.ts';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { WatchedContext } from '../models/watch.ts';
import { launchChromium, newContext } from '../support/chromium.ts';
import { waitForPrecache } from '../support/serviceWorker.ts';
import { LOOK_EVERY_MS, OUTCOME_MS, pause, SOON_MS } from '../../support/limits.ts';

/**
 * deploy/nginx.conf with Debian's nginx in front of the production build, the
 * local provider and API behind it: what docs/deploy.md promises, checked.
 */

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** Both are requirements (README, .ci/run installs them): without them the tests below fail and say what to install. */
const missing = existsSync(NGINX) ? undefined : `nginx is not installed at ${NGINX} (Debian: apt-get install -y nginx)`;
const brotli = existsSync(BROTLI_MODULE);
const BROTLI_MISSING = `nginx's brotli module is not installed at ${BROTLI_MODULE} (Debian: apt-get install -y libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let dir: string;
let site: string;
let origin: string;
let stack: Stack;
let nginx: ChildProcess | undefined;
let nginxLog = '';
let browser: Browser;

function get(path: string, headers: Record<string, string> = {}, at = origin): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(new URL(path, at), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** The wrapper a test run needs around the site: everything nginx writes stays in the temp folder. */
function mainConfig(siteConf: string, dir: string): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${brotli ? `load_module ${BROTLI_MODULE};` : ''}
events { worker_connections 128; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${siteConf};
}
`;
}

async function waitForNginx(): Promise<void> {
  const deadline = Date.now() + OUTCOME_MS;
  for (;;) {
    if (nginx?.exitCode !== null) throw new Error(`nginx exited: ${nginxLog}`);
    try {
      await get('/index.html');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await pause(LOOK_EVERY_MS);
    }
  }
}

async function stopNginx(): Promise<void> {
  const child = nginx;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGQUIT');
  const timer = setTimeout(() => child.kill('SIGKILL'), SOON_MS);
  await exited;
  clearTimeout(timer);
}

function hashedAsset(pattern: RegExp): string {
  const name = readdirSync(join(site, 'assets')).find((file) => pattern.test(file));
  if (!name) throw new Error(`No file like ${pattern} in the build.`);
  return `/assets/${name}`;
}

it('docs/deploy.md shows deploy/nginx.conf as it is', () => {
  expect(readFileSync(resolve('docs/deploy.md'), 'utf8')).toContain(
    `\`\`\`nginx\n${readFileSync(resolve('deploy/nginx.conf'), 'utf8')}\`\`\``,
  );
});

describe('nginx serves the build as docs/deploy.md says', () => {
  beforeAll(async () => {
    if (missing) throw new Error(missing);
    dir = mkdtempSync(join(tmpdir(), 'nginx-e2e-'));
    chmodSync(dir, 0o755);
    site = join(dir, 'site');
    cpSync(resolve('dist'), site, { recursive: true });
    precompress(site);

    const [appPort, idpPort, apiPort] = await freePorts(3);
    origin = `http://localhost:${appPort}`;
    // The provider and API know nginx as the app: redirect URI, CORS and appconfig name its port.
    stack = await startStack({ appPort, idpPort, apiPort, serveApp: false, testMode: true });
    writeFileSync(join(site, 'assets/appconfig.production.json'), JSON.stringify(stack.appConfig));

    const siteConf = join(dir, 'staff-app.conf');
    writeFileSync(
      siteConf,
      renderNginxSite({
        listen: `127.0.0.1:${appPort}`,
        serverName: 'localhost',
        appRoot: site,
        issuer: stack.urls.issuer,
        apiUrl: stack.urls.api,
        indexHtml: readFileSync(join(site, 'index.html'), 'utf8'),
        brotli,
      }),
    );
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, mainConfig(siteConf, dir));
    const args = ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')];
    const check = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);

    nginx = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
    await waitForNginx();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), stopNginx(), stack?.stop()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers a deep link with the app shell, and the app starts and signs in behind nginx', async () => {
    const shell = await get('/verkoop');
    expect(shell.status).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.body.toString()).toBe(readFileSync(join(site, 'index.html'), 'utf8'));

    const watched = await WatchedContext.of(await newContext(browser), stack);
    try {
      const app = await AppModel.newPage(watched);
      // Hold the config answer so the busy indicator can be seen before start-up moves on.
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      await app.page.route('**/assets/appconfig.production.json', async (route) => {
        await held;
        await route.continue();
      });
      await app.goto('/verkoop');
      await app.page.getByText(NL.busy, { exact: true }).first().waitFor();
      release();
      await app.waitForAddress(/\/account\/login\?returnUrl=%2Fverkoop/);
      await app.person.signIn('admin');
      await app.waitForAddress('/verkoop');
      await app.expectHeading(NL.section.verkoop);
      expect(app.consoleMatching(/Content Security Policy|Refused to/i)).toEqual([]);
      expect(app.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('the service worker fills its cache behind nginx, and offline a reload still shows the app', async () => {
    const watched = await WatchedContext.of(await newContext(browser, { serviceWorkers: 'allow' }), stack);
    try {
      const app = await AppModel.newPage(watched);
      await app.goto('/account/login');
      await app.person.waitForLoginPage();
      const cached = await waitForPrecache(app.page);
      expect(Object.keys(cached).length, 'caches').toBeGreaterThan(0);
      await watched.context.setOffline(true);
      await app.page.reload();
      // The shell and its scripts come from the worker: the app itself says it waits for the server.
      await app.expectWaitingForServer();
      expect(app.consoleMatching(/Content Security Policy|Refused to|TrustedScriptURL/i)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('sends the static server’s security headers on every answer, errors included', async () => {
    const hashes = inlineHashesOf(readFileSync(join(site, 'index.html'), 'utf8'));
    const paths = [
      '/',
      '/verkoop',
      '/account/logincallback',
      '/index.html',
      hashedAsset(/^index-.*\.js$/),
      '/sw.js',
      '/assets/appconfig.production.json',
      '/assets/missing-ABCDEFGH.js',
    ];
    for (const path of paths) {
      const answer = await get(path);
      const csp = contentSecurityPolicy(stack.urls.issuer, stack.urls.api, hashes, path);
      expect([path, answer.headers['content-security-policy']]).toEqual([path, csp]);
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(answer.headers.server).toBe('nginx');
    }
  });

  it('caches hashed assets for a year and makes the shell, service worker and config revalidate or not store', async () => {
    const cases: [string, string][] = [
      ['/', 'no-cache'],
      ['/index.html', 'no-cache'],
      ['/app/home', 'no-cache'],
      ['/account/logincallback?code=x&state=y', 'no-cache'],
      ['/sw.js', 'no-cache'],
      ['/favicon.svg', 'no-cache'],
      [hashedAsset(/^index-.*\.js$/), 'public, max-age=31536000, immutable'],
      [hashedAsset(/^app-.*\.css$/), 'public, max-age=31536000, immutable'],
      ['/assets/appconfig.production.json', 'no-store'],
    ];
    for (const [path, cacheControl] of cases) {
      const answer = await get(path);
      expect([path, answer.status, answer.headers['cache-control']]).toEqual([path, 200, cacheControl]);
      // The same rule as the local stack's app server (which never stores the config either).
      if (!path.includes('appconfig'))
        expect(cacheControl).toBe(cacheControlFor(new URL(path, origin).pathname === '/' ? '/index.html' : new URL(path, origin).pathname));
    }
    const config = await get('/assets/appconfig.production.json');
    expect(JSON.parse(config.body.toString())).toEqual(stack.appConfig);
  });

  it('keeps a missing file a 404, never the app shell, and never cached for a year', async () => {
    for (const path of ['/assets/missing-ABCDEFGH.js', '/assets/gone.css', '/nothing.png']) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body.toString()).not.toContain('id="root"');
      expect(answer.headers['cache-control']).toBeUndefined();
    }
  });

  it('sends the precompressed gzip copy to gzip clients, and the plain file otherwise', async () => {
    const path = hashedAsset(/^index-.*\.js$/);
    const original = readFileSync(join(site, path));
    const gzipped = await get(path, { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gzipped.body.equals(readFileSync(join(site, `${path}.gz`)))).toBe(true);
    expect(gunzipSync(gzipped.body).equals(original)).toBe(true);

    const shell = await get('/verkoop', { 'Accept-Encoding': 'gzip' });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(shell.body).toString()).toBe(readFileSync(join(site, 'index.html'), 'utf8'));

    const plain = await get(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('sends the brotli copy to brotli clients', async () => {
    if (!brotli) throw new Error(BROTLI_MISSING);
    const path = hashedAsset(/^index-.*\.js$/);
    const answer = await get(path, { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).equals(readFileSync(join(site, path)))).toBe(true);
  });
});

describe("nginx in the same-origin layout: the API under the app's address", () => {
  let folder: string;
  let at: string;
  let apiStack: Stack;
  let server: ChildProcess | undefined;
  let log = '';
  let chromium: Browser;

  beforeAll(async () => {
    if (missing) throw new Error(missing);
    folder = mkdtempSync(join(tmpdir(), 'nginx-same-origin-'));
    chmodSync(folder, 0o755);
    const root = join(folder, 'site');
    cpSync(resolve('dist'), root, { recursive: true });
    const [appPort, idpPort, apiPort] = await freePorts(3);
    at = `http://localhost:${appPort}`;
    apiStack = await startStack({ appPort, idpPort, apiPort, serveApp: false, testMode: true, apiLayout: 'same-origin' });
    writeFileSync(join(root, 'assets/appconfig.production.json'), JSON.stringify(apiStack.appConfig));
    const siteConf = join(folder, 'staff-app.conf');
    writeFileSync(
      siteConf,
      renderNginxSite({
        listen: `127.0.0.1:${appPort}`,
        serverName: 'localhost',
        appRoot: root,
        issuer: apiStack.urls.issuer,
        apiUrl: apiStack.urls.api,
        apiServer: apiStack.urls.apiServer,
        indexHtml: readFileSync(join(root, 'index.html'), 'utf8'),
        brotli: false,
      }),
    );
    const conf = join(folder, 'nginx.conf');
    writeFileSync(conf, mainConfig(siteConf, folder));
    const args = ['-p', folder, '-c', conf, '-e', join(folder, 'error.log')];
    const check = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
    server = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const deadline = Date.now() + OUTCOME_MS;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`nginx exited: ${log}`);
      try {
        await get('/index.html', {}, at);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await pause(LOOK_EVERY_MS);
      }
    }
    chromium = await launchChromium();
  });

  afterAll(async () => {
    const child = server;
    const exited = child && child.exitCode === null ? new Promise<void>((done) => child.once('exit', () => done())) : undefined;
    child?.kill('SIGQUIT');
    await Promise.all([chromium?.close(), exited, apiStack?.stop()]);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("passes ABP's paths on to the backend, its answers as the backend gave them", async () => {
    for (const path of [
      '/AbpUserConfiguration/GetAll',
      '/abpuserconfiguration/getall',
      '/api/services/app/Session/GetCurrentLoginInformations',
    ]) {
      const viaNginx = await get(path, { 'Abp-TenantId': '1' }, at);
      const direct = await get(path, { 'Abp-TenantId': '1' }, apiStack.urls.apiServer);
      expect([path, viaNginx.status, viaNginx.headers['content-type']]).toEqual([path, direct.status, direct.headers['content-type']]);
      // The backend's own Cache-Control, not the app shell's.
      expect([path, viaNginx.headers['cache-control']]).toEqual([path, direct.headers['cache-control']]);
      expect(JSON.parse(viaNginx.body.toString()).result.session).toEqual(JSON.parse(direct.body.toString()).result.session);
    }
    // Every other path is still the build.
    expect((await get('/verkoop', {}, at)).body.toString()).toBe(readFileSync(join(folder, 'site/index.html'), 'utf8'));
  });

  it("starts and signs in with every call at the app's own address, and not one preflight", async () => {
    const watched = await WatchedContext.of(await newContext(chromium), apiStack);
    try {
      const app = await AppModel.newPage(watched);
      await app.goto('/verkoop');
      await app.waitForAddress(/\/account\/login\?returnUrl=%2Fverkoop/);
      await app.person.signIn('admin');
      await app.waitForAddress('/verkoop');
      await app.expectHeading(NL.section.verkoop);
      expect(app.errors).toEqual([]);
      expect(app.consoleMatching(/Content Security Policy|Refused to/i)).toEqual([]);
      const backend = watched.requests
        .map((request) => new URL(request.url()))
        .filter((url) => /^\/(api|AbpUserConfiguration)\//i.test(url.pathname));
      expect(backend.map((url) => url.pathname)).toContain('/api/services/app/Session/GetCurrentLoginInformations');
      expect(backend.filter((url) => url.origin !== at)).toEqual([]);
      // nginx's access log has every request the browser sent it, a preflight included.
      const accessLog = readFileSync(join(folder, 'access.log'), 'utf8');
      expect(accessLog).toMatch(/"GET \/AbpUserConfiguration\/GetAll HTTP/);
      expect(accessLog).toMatch(/"POST \/api\/TokenAuth\/ExternalAuthenticate HTTP/);
      expect(accessLog.split('\n').filter((line) => line.includes('"OPTIONS '))).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
