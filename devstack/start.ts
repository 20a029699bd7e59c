import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { precompress } from './app-server/precompress.ts';
import { checkBuild } from './app-server/build-check.ts';
import { startStack, type Stack, type StackUrls } from './stack.ts';
import { appConfigPlugin } from './app-server/vite-appconfig.ts';

/** Vite's proxy key for ABP's paths (a key starting with ^ is a regular expression), as devstack/app-server/api-proxy.ts's ABP_PATH. */
const ABP_PROXY_KEY = '^/(?:[Aa][Pp][Ii]|[Aa]bp[Uu]ser[Cc]onfiguration)/';

// `npm start`: build when needed, then run provider, API and app server.
// `--dev`: provider and API, with Vite's dev server as the app.
// `--test-mode`: switch on the fault endpoints.

const args = new Set(process.argv.slice(2));
if (args.has('--help') || args.has('-h')) {
  console.log(`Usage: tsx devstack/start.ts [--dev] [--test-mode]

  --dev         serve the app with Vite's dev server instead of the production build
  --test-mode   enable fault switches (PUT /__devstack/faults/:endpoint on the API)

Ports: APP_PORT (4200), IDP_PORT (4300), API_PORT (21021). Extra API delay: API_LATENCY_MS.
The API under the app's own address, as deploy/nginx.conf can serve it: API_LAYOUT=same-origin.`);
  process.exit(0);
}
const dev = args.has('--dev');
const testMode = args.has('--test-mode');
const root = process.cwd();

function buildIfNeeded(): void {
  const state = checkBuild(root);
  if (!state.stale) return;
  console.log(`Building the app first (${state.reason})...`);
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const result = spawnSync(npx, ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; not starting.');
    process.exit(result.status ?? 1);
  }
}

/** The .br and .gz copies nginx would be given (docs/deploy.md), written once per build. */
function precompressBuild(): void {
  const { written } = precompress(join(root, 'dist'), { onlyStale: true });
  if (written.length > 0) console.log(`Precompressed the build: ${written.length} .br/.gz copies written next to the files in dist/.`);
}

/** Polls until the address answers at all (any status), or gives up. */
async function waitFor(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function printReady(urls: StackUrls): void {
  console.log(`
  App                ${urls.app}${dev ? '   (Vite dev server)' : ''}
  Identity provider  ${urls.issuer}   (an Okta org: sign-in at ${urls.signInIssuer}${urls.signInIssuer === urls.issuer ? ', the org server (org-only layout)' : ''}; Mijn account's tokens at the org server)
  Mailbox            ${urls.issuer}/mailbox   (codes and links the provider would send)
  API                ${urls.api}${urls.api === urls.app ? `   (same-origin layout: passed on to ${urls.apiServer})` : ''}${testMode ? '   (test mode: fault switches on)' : ''}

  Sign in as admin / 123qwe (also: monteur, nieuw, vreemde; same password).
  Press Ctrl+C to stop.
`);
}

/**
 * Under `--dev` the API turns ABP's session time-out on (30 minutes, the
 * warning a minute before), so the sign-out after inactivity runs, and shows
 * in the inspector, as on a server that has it on.
 */
const DEV_SETTINGS = {
  'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
  'App.UserManagement.SessionTimeOut.TimeOutSecond': '1800',
  'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': '60',
};

async function main(): Promise<void> {
  if (!dev) {
    buildIfNeeded();
    precompressBuild();
  }
  const stack: Stack = await startStack({ serveApp: !dev, testMode, ...(dev ? { settings: DEV_SETTINGS } : {}) });
  let closeVite: (() => Promise<void>) | undefined;

  if (dev) {
    const { createServer } = await import('vite');
    const port = Number(new URL(stack.urls.app).port);
    const vite = await createServer({
      server: {
        port,
        host: 'localhost',
        strictPort: true,
        // The same-origin layout: Vite passes ABP's paths on to the API, as the app server and nginx do.
        ...(stack.apiLayout === 'same-origin' ? { proxy: { [ABP_PROXY_KEY]: stack.urls.apiServer } } : {}),
      },
      plugins: [appConfigPlugin(stack.appConfig, stack.faults)],
    });
    closeVite = () => vite.close();
    try {
      await vite.listen();
    } catch (error) {
      await stack.stop();
      throw new Error(`Vite could not start on port ${port}. Choose another port with APP_PORT=<port>.`, { cause: error });
    }
  }

  await Promise.all([
    waitFor(`${stack.urls.issuer}/.well-known/openid-configuration`),
    waitFor(`${stack.urls.apiServer}/AbpUserConfiguration/GetAll`),
    waitFor(`${stack.urls.app}/`),
  ]);
  printReady(stack.urls);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl+C means now
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    Promise.all([closeVite?.(), stack.stop()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
