import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedLocalhost, type TlsIdentity } from '../../devstack/tls.ts';
import { HASHED_SCRIPT, SCRIPT_TEXT, startTestStack, type TestStack } from './helpers/test-stack.ts';

// The app server over TLS with HTTP/2 (the `tls` option), as nginx serves
// production and the benchmark's Lighthouse runs see it.

let tls: TlsIdentity;
let stack: TestStack;
let session: ClientHttp2Session;

beforeAll(async () => {
  tls = selfSignedLocalhost();
  stack = await startTestStack({ tls, apiLayout: 'same-origin' });
  session = connect(stack.urls.app, { ca: tls.cert });
});
afterAll(async () => {
  session.close();
  await stack.stop();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path, ...headers });
    let answer: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => (answer = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ headers: answer, body: Buffer.concat(chunks).toString('utf8') }));
    stream.on('error', reject);
    stream.end();
  });
}

describe('the app server with tls', () => {
  it('is at an https address, which the provider and the API know the app by', () => {
    expect(stack.urls.app).toMatch(/^https:\/\/localhost:\d+$/);
    expect(stack.urls.api).toBe(stack.urls.app);
    expect(stack.appConfig.remoteServiceBaseUrl).toBe(stack.urls.app);
  });

  it('answers over HTTP/2 with the certificate for localhost: the shell, and a hashed file as every file', async () => {
    const shell = await get('/app/home');
    expect(session.alpnProtocol).toBe('h2');
    expect(shell.headers[':status']).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.headers['content-security-policy']).toContain("default-src 'self'");
    const script = await get(HASHED_SCRIPT);
    expect(script.headers[':status']).toBe(200);
    expect(script.body).toBe(SCRIPT_TEXT);
  });

  it("passes ABP's paths on to the API without HTTP/2's pseudo-headers, which HTTP/1.1 has no place for", async () => {
    const answer = await get('/AbpUserConfiguration/GetAll', { 'x-requested-with': 'XMLHttpRequest' });
    expect(answer.headers[':status']).toBe(200);
    expect((JSON.parse(answer.body) as { success: boolean }).success).toBe(true);
  });
});

describe('the API at an address of its own, with tls', () => {
  it('is behind TLS too, as a public ABP host, and answers the app over HTTP/2', async () => {
    const crossOrigin = await startTestStack({ tls, apiLayout: 'cross-origin' });
    const api = connect(crossOrigin.urls.api, { ca: tls.cert });
    try {
      expect(crossOrigin.urls.api).toMatch(/^https:\/\/localhost:\d+$/);
      expect(crossOrigin.appConfig.remoteServiceBaseUrl).toBe(crossOrigin.urls.api);
      const answer = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const stream = api.request({
          ':method': 'OPTIONS',
          ':path': '/AbpUserConfiguration/GetAll',
          origin: crossOrigin.urls.app,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-requested-with',
        });
        stream.on('response', resolve);
        stream.on('error', reject);
        stream.resume();
        stream.end();
      });
      expect(api.alpnProtocol).toBe('h2');
      expect(answer[':status']).toBeLessThan(300);
      expect(answer['access-control-allow-origin']).toBe(crossOrigin.urls.app);
    } finally {
      api.close();
      await crossOrigin.stop();
    }
  });
});
