import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ impersonation: 'on' });
});
afterAll(() => stack.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = any;

async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${stack.urls.api}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Abp-TenantId': '1',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function impersonate(): Promise<string> {
  const { status, body } = await call('/__devstack/impersonate', { method: 'POST', body: { userName: 'admin', asUserName: 'monteur' } });
  expect(status).toBe(200);
  return body.result.accessToken;
}

describe('impersonation, as ASP.NET Zero does it', () => {
  it('names the impersonator in GetAll’s session, and the session call answers as the user acted as', async () => {
    const token = await impersonate();
    const getAll = await call('/AbpUserConfiguration/GetAll', { token });
    expect(getAll.body.result.session).toMatchObject({ userId: 5, impersonatorUserId: 2, impersonatorTenantId: 1 });
    const session = await call('/api/services/app/Session/GetCurrentLoginInformations', { token });
    expect(session.body.result.user.userName).toBe('monteur');
  });

  it('takes the impersonator back with a one-time token', async () => {
    const token = await impersonate();
    const back = await call('/api/services/app/Account/BackToImpersonator', { method: 'POST', token, body: {} });
    expect(back.status).toBe(200);
    expect(back.body.result).toMatchObject({ impersonationToken: expect.any(String), tenancyName: 'Default' });
    const path = `/api/TokenAuth/ImpersonatedAuthenticate?impersonationToken=${back.body.result.impersonationToken}`;
    const signedIn = await call(path, { method: 'POST', body: {} });
    expect(signedIn.body.result).toMatchObject({ accessToken: expect.any(String), expireInSeconds: expect.any(Number) });
    const getAll = await call('/AbpUserConfiguration/GetAll', { token: signedIn.body.result.accessToken });
    expect(getAll.body.result.session).toMatchObject({ userId: 2, impersonatorUserId: null });
    const again = await call(path, { method: 'POST', body: {} });
    expect(again.status).toBe(500);
  });

  it('refuses the way back to someone who acts as nobody', async () => {
    const { body } = await call('/__devstack/impersonate', { method: 'POST', body: { userName: 'nobody', asUserName: 'monteur' } });
    expect(body.success).toBe(false);
    const anonymous = await call('/api/services/app/Account/BackToImpersonator', { method: 'POST', body: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe('a deployment without impersonation, as module-zero-core-template', () => {
  it('answers both paths of the way back 404 without a body, and starts none', async () => {
    stack.behaviour.set({ impersonation: 'off' });
    try {
      const token = (await call('/__devstack/impersonate', { method: 'POST', body: { userName: 'admin', asUserName: 'monteur' } })).body;
      expect(token.success).toBe(false);
      for (const path of [
        '/api/services/app/Account/BackToImpersonator',
        '/api/TokenAuth/ImpersonatedAuthenticate?impersonationToken=0123456789abcdef',
      ]) {
        const response = await fetch(`${stack.urls.api}${path}`, {
          method: 'POST',
          headers: { 'Abp-TenantId': '1', 'Content-Type': 'application/json' },
          body: '{}',
        });
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).toBe('');
      }
    } finally {
      stack.behaviour.reset();
    }
  });
});
