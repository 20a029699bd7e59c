import { request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

// The same-origin layout (docs/deploy.md): ABP's paths under the app's own
// address, passed on to the API as deploy/nginx.conf's proxy location does.

/**
 * The paths the app calls at the backend (src/abp/endpoints.ts): ABP's
 * `api/…` and `AbpUserConfiguration/…`, case ignored as ASP.NET routes them.
 * deploy/nginx.conf's `location ~* ^/(api|AbpUserConfiguration)/` is the same rule.
 */
export const ABP_PATH = /^\/(?:api|abpuserconfiguration)\//i;

/** Headers that belong to one connection, never passed on (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** The headers passed on: none of one connection's, nor HTTP/2's pseudo-headers (`:path`, `:authority`, …) of a request that came over TLS. */
function passable(headers: IncomingMessage['headers']): IncomingMessage['headers'] {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !name.startsWith(':')));
}

/**
 * Passes one request on to the API and its answer back, as nginx's
 * `proxy_pass` with the headers docs/deploy.md sets: the API's host, the
 * client's address and scheme in X-Forwarded-*. An API that cannot be
 * reached is nginx's 502.
 */
export function passToApi(incoming: IncomingMessage, outgoing: ServerResponse, apiServer: string): Promise<void> {
  return new Promise((done) => {
    const target = new URL(incoming.url ?? '/', apiServer);
    const headers = {
      ...passable(incoming.headers),
      host: target.host,
      'x-forwarded-for': incoming.socket.remoteAddress ?? '',
      'x-forwarded-proto': 'encrypted' in incoming.socket ? 'https' : 'http',
      'x-forwarded-host': incoming.headers.host ?? String(incoming.headers[':authority'] ?? ''),
    };
    const upstream = request(target, { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, passable(answer.headers));
      answer.pipe(outgoing);
      answer.on('end', () => done());
      answer.on('error', () => {
        outgoing.destroy();
        done();
      });
    });
    upstream.on('error', () => {
      // A reset after the answer began cannot become a 502: the client's connection ends as the API's did.
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502, { 'Content-Type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      done();
    });
    incoming.pipe(upstream);
  });
}
