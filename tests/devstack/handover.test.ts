import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbpClient } from '../../src/abp/client.ts';
import { handOver, HandoverRefusal, newHandoverCode, secureBuiltInAdmin, type EnvironmentClient } from '../../src/management/handover.ts';
import { backendSignIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// The app's handover of a new environment (src/management/handover.ts)
// against the stand-in, which answers as the recordings show ABP answering
// (onboarding.json, handover.json): what the built-in admin's password is
// after each step, and what the first administrator can do.

let stack: TestStack;
let host: string;
beforeAll(async () => {
  stack = await startTestStack({ serveApp: false, lockoutSeconds: 2 });
  host = await authenticate(null, '123qwe').then((answer) => answer.token!);
});
afterAll(() => stack.stop());

async function authenticate(tenantId: number | null, password: string): Promise<{ status: number; token?: string }> {
  const response = await fetch(`${stack.urls.api}/api/TokenAuth/Authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(tenantId === null ? {} : { 'Abp-TenantId': String(tenantId) }) },
    body: JSON.stringify({ userNameOrEmailAddress: 'admin', password, rememberClient: false }),
  });
  const body = (await response.json()) as { result: { accessToken: string } | null };
  return { status: response.status, token: body.result?.accessToken };
}

async function createEnvironment(tenancyName: string, adminEmailAddress: string): Promise<number> {
  const response = await fetch(`${stack.urls.api}/api/services/app/Tenant/Create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host}` },
    body: JSON.stringify({ tenancyName, name: `Isolatie ${tenancyName}`, adminEmailAddress, isActive: true }),
  });
  return ((await response.json()) as { result: { id: number } }).result.id;
}

const environment = (tenantId: number): EnvironmentClient => (token) =>
  createAbpClient({ baseUrl: stack.urls.api, headers: () => ({ tenantHeaderName: 'Abp-TenantId', tenantId, cultureName: 'nl', token }) });

async function grantedOf(token: string, tenantId: number): Promise<string[]> {
  const response = await fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`, { headers: { Authorization: `Bearer ${token}`, 'Abp-TenantId': String(tenantId) } });
  const body = (await response.json()) as { result: { auth: { grantedPermissions: Record<string, string> } } };
  return Object.keys(body.result.auth.grantedPermissions);
}

describe('handing a new environment over', () => {
  it('replaces the default password by a code, waits for the first administrator, then gives her Admin and retires the code', async () => {
    const id = await createEnvironment('West', 'admin@west.invalid');
    const code = newHandoverCode();
    await secureBuiltInAdmin(environment(id), code);
    expect((await authenticate(id, '123qwe')).status).toBe(500);
    expect((await authenticate(id, code)).status).toBe(200);

    expect(await handOver(environment(id), { tenancyName: 'West', firstAdminEmail: 'vreemde@extern.local', code })).toEqual({ kind: 'not-signed-in' });

    const before = await backendSignIn(stack.urls, 'vreemde', id);
    expect(await grantedOf(before, id)).toEqual([]);
    const outcome = await handOver(environment(id), { tenancyName: 'West', firstAdminEmail: 'VREEMDE@extern.local', code });
    expect(outcome).toMatchObject({ kind: 'granted', person: { fullName: 'Vera Vreemde', roleNames: ['ADMIN'], isActive: true } });
    expect(await grantedOf(before, id)).toContain('Pages.Users');
    expect((await authenticate(id, code)).status, 'the code no longer opens the built-in admin').toBe(500);
    await expect(handOver(environment(id), { tenancyName: 'West', firstAdminEmail: 'vreemde@extern.local', code })).rejects.toEqual(new HandoverRefusal('wrong-code'));
  });

  it('an environment made before, whose built-in admin has her address and the default password: frees her address, then hands over', async () => {
    const id = await createEnvironment('Oost', 'vreemde@extern.local');
    await expect(backendSignIn(stack.urls, 'vreemde', id)).rejects.toThrow(/al in gebruik/);

    // Its default password replaced first by a code the page shows, as for a new one.
    const code = newHandoverCode();
    expect(code).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    await secureBuiltInAdmin(environment(id), code);
    expect((await authenticate(id, '123qwe')).status, 'the default password is gone').toBe(500);
    const freed = await handOver(environment(id), { tenancyName: 'Oost', firstAdminEmail: 'vreemde@extern.local', code });
    expect(freed.kind).toBe('address-freed');

    const vera = await backendSignIn(stack.urls, 'vreemde', id);
    expect((await handOver(environment(id), { tenancyName: 'Oost', firstAdminEmail: 'vreemde@extern.local', code })).kind).toBe('granted');
    expect(await grantedOf(vera, id)).toContain('Pages.Users');
  });

  it('an environment switched off: nobody signs in there, the built-in admin included, and that is what it says', async () => {
    const id = await createEnvironment('Noordoost', 'admin@noordoost.invalid');
    const update = await fetch(`${stack.urls.api}/api/services/app/Tenant/Update`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${host}` },
      body: JSON.stringify({ id, tenancyName: 'Noordoost', name: 'Isolatie Noordoost', isActive: false }),
    });
    expect(update.status).toBe(200);
    await expect(secureBuiltInAdmin(environment(id), newHandoverCode())).rejects.toEqual(new HandoverRefusal('environment-inactive'));
  });

  it('five wrong codes lock the built-in admin for a while, and say so', async () => {
    const id = await createEnvironment('Zuidwest', 'admin@zuidwest.invalid');
    const code = newHandoverCode();
    await secureBuiltInAdmin(environment(id), code);
    const tries = [];
    for (let i = 0; i < 5; i += 1) tries.push(await handOver(environment(id), { tenancyName: 'Zuidwest', firstAdminEmail: 'vreemde@extern.local', code: 'fout-fout' }).catch((error: HandoverRefusal) => error.reason));
    expect(tries).toEqual(['wrong-code', 'wrong-code', 'wrong-code', 'wrong-code', 'locked']);
    await expect(handOver(environment(id), { tenancyName: 'Zuidwest', firstAdminEmail: 'vreemde@extern.local', code })).rejects.toEqual(new HandoverRefusal('locked'));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await handOver(environment(id), { tenancyName: 'Zuidwest', firstAdminEmail: 'vreemde@extern.local', code })).kind).toBe('not-signed-in');
  });

  it('a lost answer to ChangePassword: the code, tried again, is found in force, or sent again, and the handover goes on with it', async () => {
    for (const [tenancyName, fault] of [
      ['Zuidoost', { lost: true }],
      ['Noordwest', { reset: true }],
    ] as const) {
      const id = await createEnvironment(tenancyName, `admin@${tenancyName.toLowerCase()}.invalid`);
      const code = newHandoverCode();
      stack.faults.set('UserChangePassword', { ...fault, times: 1 });
      await expect(secureBuiltInAdmin(environment(id), code), tenancyName).rejects.toThrow();
      // lost: ABP took the code; reset: the request never reached it and the default password stands.
      expect((await authenticate(id, code)).status, tenancyName).toBe('lost' in fault ? 200 : 500);
      await secureBuiltInAdmin(environment(id), code, { mayBeInForce: true });
      expect((await authenticate(id, code)).status, `${tenancyName}: the same code opens him`).toBe(200);
      expect((await authenticate(id, '123qwe')).status, `${tenancyName}: the default password is gone`).toBe(500);
      expect((await handOver(environment(id), { tenancyName, firstAdminEmail: 'vreemde@extern.local', code })).kind).toBe('not-signed-in');
    }
  });
});
