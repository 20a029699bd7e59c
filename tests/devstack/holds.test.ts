import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../devstack/api/endpoints.ts';
import { createHoldRegistry, type HoldEndpoint } from '../../devstack/faults/holds.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// Holds: a request to a held endpoint waits in the stack until the test lets
// it go on (to its handler and any fault), drops it, or releases the gate.

const CATALOG_CHUNK = '/assets/messages-Xy12Zw34.js';
const SIGN_OUT_CODE = '/assets/signOut.lazy-Ab12Cd34.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
  writeFileSync(join(stack.dist, CATALOG_CHUNK), 'export const messages = {};');
  writeFileSync(join(stack.dist, SIGN_OUT_CODE), 'export const signOut = () => {};');
});
afterEach(() => {
  stack.holds.clear();
  stack.faults.clear();
});
afterAll(() => stack.stop());

const getAll = (marker = '') =>
  fetch(`${stack.urls.api}/${ENDPOINTS.GetAll.path}${marker}`, {
    headers: { Origin: stack.urls.app, 'Abp-TenantId': '1', 'Accept-Language': 'nl' },
  });

/** Whether the promise is still unsettled once the stack has had time to answer an unheld request. */
async function stillWaiting(pending: Promise<unknown>): Promise<boolean> {
  const unheld = await fetch(`${stack.urls.api}/${ENDPOINTS.GetExternalAuthenticationProviders.path}`, {
    headers: { Origin: stack.urls.app },
  });
  expect(unheld.status).toBe(200);
  return Promise.race([
    pending.then(
      () => false,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 50)),
  ]);
}

describe('a held request', () => {
  it('waits until the test passes it, showing its method, address and headers', async () => {
    const gate = stack.holds.hold('GetAll');
    const answer = getAll('?marker=1');
    const held = await gate.next();
    expect(held.method).toBe('GET');
    expect(held.url.pathname.toLowerCase()).toBe(`/${ENDPOINTS.GetAll.path.toLowerCase()}`);
    expect(held.url.searchParams.get('marker')).toBe('1');
    expect(held.headers['abp-tenantid']).toBe('1');
    expect(held.headers['accept-language']).toBe('nl');
    expect(await stillWaiting(answer)).toBe(true);
    held.pass();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
  });

  it('takes the fault set before it passes', async () => {
    const gate = stack.holds.hold('GetAll');
    const answer = getAll();
    const held = await gate.next();
    stack.faults.set('GetAll', { status: 503, times: 1 });
    held.pass();
    expect((await answer).status).toBe(503);
  });

  it('dropped, gives the client a network error', async () => {
    const gate = stack.holds.hold('GetAll');
    const answer = getAll();
    (await gate.next()).drop();
    await expect(answer).rejects.toThrow(TypeError);
  });

  it('comes to the test in order of arrival', async () => {
    const gate = stack.holds.hold('GetAll');
    const first = getAll('?n=1');
    const firstHeld = await gate.next();
    const second = getAll('?n=2');
    const secondHeld = await gate.next();
    expect([firstHeld.url.searchParams.get('n'), secondHeld.url.searchParams.get('n')]).toEqual(['1', '2']);
    secondHeld.pass();
    expect((await second).status).toBe(200);
    expect(await stillWaiting(first)).toBe(true);
    firstHeld.pass();
    expect((await first).status).toBe(200);
  });

  it('is not a CORS preflight: that is answered at once, and the request after it is held', async () => {
    const gate = stack.holds.hold('GetAll');
    const preflight = await fetch(`${stack.urls.api}/${ENDPOINTS.GetAll.path}`, {
      method: 'OPTIONS',
      headers: { Origin: stack.urls.app, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'abp-tenantid' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(stack.urls.app);
    const answer = getAll();
    (await gate.next()).pass();
    expect((await answer).status).toBe(200);
  });
});

describe('a gate', () => {
  it('released, lets the waiting requests through and holds no more', async () => {
    const gate = stack.holds.hold('GetAll');
    const waiting = [getAll('?n=1'), getAll('?n=2')];
    const handedOut = await gate.next();
    expect(handedOut.method).toBe('GET');
    gate.release();
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([200, 200]);
    expect((await getAll()).status).toBe(200);
  });

  it('cleared with every other, lets everything through', async () => {
    const gates = [stack.holds.hold('GetAll'), stack.holds.hold('appconfig')];
    const waiting = [getAll(), fetch(`${stack.urls.app}/assets/appconfig.production.json`)];
    await Promise.all(gates.map((gate) => gate.next()));
    stack.holds.clear();
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([200, 200]);
  });

  it('names its endpoint when nothing arrives in time', async () => {
    await expect(stack.holds.hold('Session').next(50)).rejects.toThrow(/"Session"/);
  });

  it('holds only its own endpoint', async () => {
    stack.holds.hold('Session');
    expect((await getAll()).status).toBe(200);
  });
});

describe('what can be held', () => {
  const provider = (path: string) =>
    fetch(`${stack.urls.signInIssuer}${path}`, {
      method: 'POST',
      headers: { Origin: stack.urls.app, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'isolatie-staff', token: 'nothing' }),
    });
  const CASES: ReadonlyArray<{ endpoint: HoldEndpoint; send: () => Promise<Response>; path: string }> = [
    {
      endpoint: 'appconfig',
      send: () => fetch(`${stack.urls.app}/assets/appconfig.production.json`),
      path: '/assets/appconfig.production.json',
    },
    { endpoint: 'catalog chunk', send: () => fetch(`${stack.urls.app}${CATALOG_CHUNK}`), path: CATALOG_CHUNK },
    { endpoint: 'sign-out code', send: () => fetch(`${stack.urls.app}${SIGN_OUT_CODE}`), path: SIGN_OUT_CODE },
    { endpoint: 'token', send: () => provider('/v1/token'), path: '/oauth2/default/v1/token' },
    { endpoint: 'revocation', send: () => provider('/v1/revoke'), path: '/oauth2/default/v1/revoke' },
    {
      endpoint: 'authorize',
      send: () => fetch(`${stack.urls.signInIssuer}/v1/authorize?client_id=isolatie-staff`, { redirect: 'manual' }),
      path: '/oauth2/default/v1/authorize',
    },
  ];

  it.each(CASES)('$endpoint', async ({ endpoint, send, path }) => {
    const unheld = await send();
    const gate = stack.holds.hold(endpoint);
    const answer = send();
    const held = await gate.next();
    expect(held.url.pathname).toBe(path);
    held.pass();
    expect((await answer).status).toBe(unheld.status);
    gate.release();
  });

  it('the other files of the app server are never held', async () => {
    stack.holds.hold('catalog chunk');
    stack.holds.hold('sign-out code');
    expect((await fetch(`${stack.urls.app}/assets/logo.svg`)).status).toBe(200);
    expect((await fetch(stack.urls.app)).status).toBe(200);
  });
});

describe('outside test mode', () => {
  it('nothing can be held', () => {
    expect(() => createHoldRegistry(false).hold('GetAll')).toThrow(/testMode/);
  });
});
