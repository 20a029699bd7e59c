import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAbpClient } from '../../src/abp/client.ts';
import { repairingClient } from '../../src/abp/repairingClient.ts';
import { AbpError } from '../../src/abp/errors.ts';
import { abpEvents } from '../../src/abp/events.ts';
import type { AbpHeaderSource } from '../../src/abp/headers.ts';

function envelopeResponse(result: unknown): Response {
  const body = { result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs the global fetch; a copy of every request it receives is kept. */
function stubFetch(answer: () => Promise<Response> = async () => envelopeResponse('ok')): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push((input instanceof Request ? input : new Request(input, init)).clone());
      return answer();
    }),
  );
  return requests;
}

function source(fields: Partial<AbpHeaderSource> = {}): AbpHeaderSource {
  return { tenantHeaderName: 'Abp-TenantId', tenantId: undefined, cultureName: 'nl', token: undefined, ...fields };
}

async function rejectionOf(promise: Promise<unknown>): Promise<AbpError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AbpError)) throw new Error(`expected an AbpError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createAbpClient', () => {
  it('returns the result of the envelope', async () => {
    stubFetch(async () => envelopeResponse({ items: [1, 2] }));
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source() });
    await expect(client.get('api/services/app/Thing/GetAll')).resolves.toEqual({ items: [1, 2] });
  });

  it('sends the headers from the callback on a request', async () => {
    const requests = stubFetch();
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ tenantId: 3, token: 'tok' }) });
    await client.get('AbpUserConfiguration/GetAll');
    const headers = requests[0]?.headers;
    expect(headers?.get('Abp-TenantId')).toBe('3');
    expect(headers?.get('Authorization')).toBe('Bearer tok');
    expect(headers?.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  // ABP saves a signed-in person's culture header as his language, never the query's (abp-recorded/userconfiguration.json).
  it('names the language in the query, not the header, on every call with a bearer', async () => {
    const requests = stubFetch();
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ token: 'tok', cultureName: 'en' }) });
    await client.get('AbpUserConfiguration/GetAll');
    await client.get('api/services/app/User/Get?Id=5');
    await client.post('api/services/app/Thing/Save', { a: 1 });
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?culture=en', '?Id=5&culture=en', '?culture=en']);
    expect(requests.map((request) => request.headers.get('.AspNetCore.Culture'))).toEqual([null, null, null]);
    expect(await requests[2]!.json()).toEqual({ a: 1 });
  });

  it('names it in the header without a bearer; asked for the person’s own language, in Accept-Language only, where ABP saves nothing', async () => {
    const requests = stubFetch();
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ token: 'tok', cultureName: 'en' }) });
    await client.post('api/TokenAuth/ExternalAuthenticate', {}, { anonymous: true });
    await client.get('AbpUserConfiguration/GetAll', { personLanguage: true });
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['', '']);
    expect(requests.map((request) => request.headers.get('.AspNetCore.Culture'))).toEqual(['c=en|uic=en', null]);
    expect(requests.map((request) => request.headers.get('Accept-Language'))).toEqual([null, 'en']);
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([null, 'Bearer tok']);
  });

  it('sends no bearer on an anonymous post, though a token is held: the tenant header decides', async () => {
    const requests = stubFetch();
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ tenantId: 2, token: 'tok-of-tenant-1' }) });
    await client.post('api/TokenAuth/ExternalAuthenticate', {}, { anonymous: true, headers: { DPoP: 'proof' } });
    await client.post('api/services/app/Thing/Save', {});
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([null, 'Bearer tok-of-tenant-1']);
    expect(requests[0]!.headers.get('Abp-TenantId')).toBe('2');
    expect(requests[0]!.headers.get('DPoP')).toBe('proof');
  });

  it('reads the headers again for every request', async () => {
    const requests = stubFetch();
    let current = source({ token: 'first' });
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => current });
    await client.get('a');
    current = source({ token: undefined, tenantId: 8, cultureName: 'en-US' });
    await client.get('b');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer first');
    expect(requests[0]?.headers.has('Abp-TenantId')).toBe(false);
    expect(requests[1]?.headers.has('Authorization')).toBe(false);
    expect(requests[1]?.headers.get('Abp-TenantId')).toBe('8');
    expect(requests[1]?.headers.get('.AspNetCore.Culture')).toBe('c=en-US|uic=en-US');
  });

  it.each([
    ['http://api.test', 'api/x'],
    ['http://api.test/', 'api/x'],
    ['http://api.test', '/api/x'],
    ['http://api.test//', '//api/x'],
  ])('joins base %j and path %j into one address', async (baseUrl, path) => {
    const requests = stubFetch();
    await createAbpClient({ baseUrl, headers: () => source() }).get(path);
    expect(requests[0]?.url).toBe('http://api.test/api/x');
  });

  it('keeps a base path in front of the request path', async () => {
    const requests = stubFetch();
    await createAbpClient({ baseUrl: 'http://host.test/backend/', headers: () => source() }).get('/api/x');
    expect(requests[0]?.url).toBe('http://host.test/backend/api/x');
  });

  it('posts the body as JSON', async () => {
    const requests = stubFetch(async () => envelopeResponse({ state: 1, tenantId: 5 }));
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source() });
    const result = await client.post('api/services/app/Account/IsTenantAvailable', { tenancyName: 'acme' });
    expect(result).toEqual({ state: 1, tenantId: 5 });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Content-Type')).toContain('application/json');
    await expect(requests[0]?.json()).resolves.toEqual({ tenancyName: 'acme' });
  });

  it('turns a rejected fetch into a network error with status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source() });
    const error = await rejectionOf(client.get('api/x'));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });

  it('turns an answer that takes too long into a timeout with status 0', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source(), timeoutMs: 20 });
    const error = await rejectionOf(client.get('api/x'));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(0);
  });

  it('turns an HTTP error answer into an AbpError instead of a ky error', async () => {
    stubFetch(async () => new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source() });
    const error = await rejectionOf(client.get('api/x'));
    expect(error).toMatchObject({ kind: 'server', status: 502 });
  });

  it('does not retry a failed request', async () => {
    stubFetch(async () => new Response('', { status: 503 }));
    const client = createAbpClient({ baseUrl: 'http://api.test', headers: () => source() });
    await rejectionOf(client.get('api/x'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tells the event bus about a request without an answer (no connection, time-out), not about an error answer', async () => {
    const heard: string[] = [];
    const off = abpEvents.on('abp.unreachable', (detail) => heard.push(detail));
    try {
      stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      await rejectionOf(createAbpClient({ baseUrl: 'http://api.test', headers: () => source() }).get('api/x'));
      stubFetch(() => new Promise<Response>(() => {}));
      await rejectionOf(createAbpClient({ baseUrl: 'http://api.test', headers: () => source(), timeoutMs: 20 }).post('api/y', {}));
      stubFetch(async () => new Response('', { status: 503 }));
      await rejectionOf(createAbpClient({ baseUrl: 'http://api.test', headers: () => source() }).get('api/z'));
    } finally {
      off();
    }
    expect(heard).toEqual(['network (0): GET api/x: Failed to fetch', 'timeout (0): POST api/y: timed out']);
  });
});

describe('a token refused in the middle of the work', () => {
  function unauthorized(): Response {
    const body = {
      result: null,
      targetUrl: null,
      success: false,
      error: { code: 0, message: 'Niet aangemeld', details: null, validationErrors: null },
      unAuthorizedRequest: true,
      __abp: true,
    };
    return new Response(JSON.stringify(body), { status: 401, headers: { 'Content-Type': 'application/json' } });
  }

  it('repairs the session and repeats the request exactly once', async () => {
    const answers = [unauthorized(), envelopeResponse('opnieuw gelukt')];
    const requests = stubFetch(async () => answers.shift()!);
    const repair = vi.fn(async () => true);
    const client = repairingClient(
      createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ token: 't0k3n' }) }),
      () => true,
      repair,
    );
    await expect(client.post('api/services/app/Thing/Save', { name: 'x' })).resolves.toBe('opnieuw gelukt');
    expect(repair).toHaveBeenCalledTimes(1);
    expect(requests.map((request) => request.method)).toEqual(['POST', 'POST']);
    expect(await requests[1]!.json()).toEqual({ name: 'x' });
  });

  it('sends the caller’s extra headers, the first time and again after a repair', async () => {
    let calls = 0;
    const requests = stubFetch(async () => (calls++ === 0 ? unauthorized() : envelopeResponse('ok')));
    const client = repairingClient(
      createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ token: 't0k3n' }) }),
      () => true,
      async () => true,
    );
    await client.post('api/services/app/Thing/Save', {}, { headers: { DPoP: 'proof' } });
    expect(requests.map((request) => request.headers.get('DPoP'))).toEqual(['proof', 'proof']);
  });

  it('sends Update as PUT and Delete as DELETE, repaired like the rest', async () => {
    let calls = 0;
    const requests = stubFetch(async () => (calls++ === 0 ? unauthorized() : envelopeResponse(null)));
    const client = repairingClient(
      createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ token: 't0k3n' }) }),
      () => true,
      async () => true,
    );
    await client.put('api/services/app/User/Update', { id: 5 });
    await client.delete('api/services/app/User/Delete?Id=5');
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`)).toEqual([
      'PUT /api/services/app/User/Update?culture=nl',
      'PUT /api/services/app/User/Update?culture=nl',
      'DELETE /api/services/app/User/Delete?Id=5&culture=nl',
    ]);
    expect(await requests[1]!.json()).toEqual({ id: 5 });
  });

  it('never loops: a second 401 after the repair is the caller’s', async () => {
    const requests = stubFetch(async () => unauthorized());
    const repair = vi.fn(async () => true);
    const client = repairingClient(
      createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ token: 't0k3n' }) }),
      () => true,
      repair,
    );
    expect((await rejectionOf(client.get('api/x'))).kind).toBe('unauthorized');
    expect(repair).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(2);
  });

  it('does not repeat when the repair fails, nor try one for a request without a token', async () => {
    const requests = stubFetch(async () => unauthorized());
    const repair = vi.fn(async () => false);
    const signedIn = repairingClient(
      createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ token: 't0k3n' }) }),
      () => true,
      repair,
    );
    expect((await rejectionOf(signedIn.get('api/x'))).kind).toBe('unauthorized');
    const signedOut = repairingClient(createAbpClient({ baseUrl: 'http://api.test', headers: () => source() }), () => false, repair);
    expect((await rejectionOf(signedOut.get('api/x'))).kind).toBe('unauthorized');
    expect(repair).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(2);
  });

  it('does not repair a 403: no permission is not a lost session', async () => {
    stubFetch(
      async () =>
        new Response(
          JSON.stringify({ result: null, success: false, error: { message: 'Geen toestemming' }, unAuthorizedRequest: true, __abp: true }),
          { status: 403 },
        ),
    );
    const repair = vi.fn(async () => true);
    const client = repairingClient(
      createAbpClient({ baseUrl: 'http://api.test', headers: () => source({ token: 't0k3n' }) }),
      () => true,
      repair,
    );
    expect((await rejectionOf(client.get('api/x'))).kind).toBe('forbidden');
    expect(repair).not.toHaveBeenCalled();
  });
});
