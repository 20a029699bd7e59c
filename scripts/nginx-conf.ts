/**
 * tsx scripts/nginx-conf.ts --root /srv/staff-app --issuer https://login.example.nl --api https://api.example.nl
 *     [--listen 80] [--server-name staff.example.nl] [--dist dist] [--brotli] > staff-app.conf
 * tsx scripts/nginx-conf.ts --root /srv/staff-app --issuer https://login.example.nl --api https://staff.example.nl
 *     --api-server http://10.0.0.5:21021 ... > staff-app.conf          (the same-origin layout)
 *
 * Fills deploy/nginx.conf for one environment: the CSP hashes of index.html's
 * inline styles and script come from the build (--dist), so run it after every build.
 * --brotli turns on brotli_static (needs Debian's libnginx-mod-http-brotli-static).
 * --api-server turns on the same-origin layout (docs/deploy.md): ABP's paths
 * under the app's address are passed on to that server, and --api is then the
 * app's own origin (remoteServiceBaseUrl).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inlineScriptHashes, inlineStyleHashes } from '../devstack/app-server/static-server.ts';

export const NGINX_TEMPLATE = resolve(import.meta.dirname, '../deploy/nginx.conf');

export interface NginxSiteOptions {
  /** The listen directive's parameters: "80", "127.0.0.1:8080", "443 ssl http2". */
  listen: string;
  serverName: string;
  /** Absolute path of the deployed build (index.html, sw.js, assets/). */
  appRoot: string;
  /** Identity provider origin, for connect-src, frame-src and form-action. */
  issuer: string;
  /** ABP backend origin as the app calls it (remoteServiceBaseUrl), for connect-src: the app's own in the same-origin layout. */
  apiUrl: string;
  /** The same-origin layout: the backend nginx passes ABP's paths on to. */
  apiServer?: string;
  /** index.html of the build being deployed: its inline styles and script are allowed by hash. */
  indexHtml: string;
  /** Serve the .br copies (brotli_static): only with the brotli module loaded. */
  brotli: boolean;
}

function origin(name: string, value: string): string {
  const url = new URL(value);
  if (url.pathname !== '/' || url.search || url.hash) throw new Error(`${name} must be an origin (scheme, host, port), got ${value}`);
  return url.origin;
}

export function renderNginxSite(options: NginxSiteOptions, template = readFileSync(NGINX_TEMPLATE, 'utf8')): string {
  const values: Record<string, string> = {
    LISTEN: options.listen,
    SERVER_NAME: options.serverName,
    APP_ROOT: resolve(options.appRoot),
    ISSUER: origin('issuer', options.issuer),
    API_URL: origin('API', options.apiUrl),
    API_SERVER: options.apiServer === undefined ? '' : origin('API server', options.apiServer),
    STYLE_HASHES: inlineStyleHashes(options.indexHtml).join(' '),
    SCRIPT_HASHES: inlineScriptHashes(options.indexHtml).join(' '),
  };
  let text = template.replace(/\$\{([A-Z_]+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf: unknown placeholder ${placeholder}`);
    return value;
  });
  if (options.brotli) text = text.replace(/^(\s*)#brotli /gm, '$1');
  text = options.apiServer === undefined ? text.replace(/^#same-origin.*\n/gm, '') : text.replace(/^#same-origin/gm, '');
  return text;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function required(name: string): string {
  const value = option(name);
  if (!value) throw new Error(`${name} is required (see the comment at the top of scripts/nginx-conf.ts)`);
  return value;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = option('--dist') ?? 'dist';
  process.stdout.write(
    renderNginxSite({
      listen: option('--listen') ?? '80',
      serverName: option('--server-name') ?? '_',
      appRoot: required('--root'),
      issuer: required('--issuer'),
      apiUrl: required('--api'),
      indexHtml: readFileSync(resolve(dist, 'index.html'), 'utf8'),
      brotli: process.argv.includes('--brotli'),
      apiServer: option('--api-server'),
    }),
  );
}
