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

const environment =
  (tenantId: number): EnvironmentClient =>
  (token) =>
    createAbpClient({ baseUrl: stack.urls.api, headers: () => ({ tenantHeaderName: 'Abp-TenantId', tenantId, cultureName: 'nl', token }) });

/** The environment's client, each request it makes written down (method, path, and for a sign-in the password tried). */
function watched(tenantId: number): { client: EnvironmentClient; sent: string[] } {
  const sent: string[] = [];
  const client: EnvironmentClient = (token) => {
    const inner = environment(tenantId)(token);
    return {
      get: (path, options) => (sent.push(`GET ${path}`), inner.get(path, options)),
      post: (path, body, options) => (
        sent.push(`POST ${path}${path.includes('Authenticate') ? ` ${(body as { password: string }).password}` : ''}`),
        inner.post(path, body, options)
      ),
      put: (path, body) => (sent.push(`PUT ${path}`), inner.put(path, body)),
      delete: (path) => (sent.push(`DELETE ${path}`), inner.delete(path)),
    };
  };
  return { client, sent };
}

const signIns = (sent: readonly string[]) =>
  sent.filter((line) => line.includes('TokenAuth/Authenticate')).map((line) => line.split(' ').at(-1));

async function grantedOf(token: string, tenantId: number): Promise<string[]> {
  const response = await fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`, {
    headers: { Authorization: `Bearer ${token}`, 'Abp-TenantId': String(tenantId) },
  });
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

    expect(await handOver(environment(id), { tenancyName: 'West', firstAdminEmail: 'vreemde@extern.local', codes: [code] })).toEqual({
      kind: 'not-signed-in',
      code,
    });

    const before = await backendSignIn(stack.urls, 'vreemde', id);
    expect(await grantedOf(before, id)).toEqual([]);
    const outcome = await handOver(environment(id), { tenancyName: 'West', firstAdminEmail: 'VREEMDE@extern.local', codes: [code] });
    expect(outcome).toMatchObject({ kind: 'granted', person: { fullName: 'Vera Vreemde', roleNames: ['ADMIN'], isActive: true } });
    expect(await grantedOf(before, id)).toContain('Pages.Users');
    expect((await authenticate(id, code)).status, 'the code no longer opens the built-in admin').toBe(500);
    await expect(
      handOver(environment(id), { tenancyName: 'West', firstAdminEmail: 'vreemde@extern.local', codes: [code] }),
    ).rejects.toEqual(new HandoverRefusal('wrong-code'));
  });

  it('an environment made before, whose built-in admin has her address and the default password: frees her address, then hands over', async () => {
    const id = await createEnvironment('Oost', 'vreemde@extern.local');
    await expect(backendSignIn(stack.urls, 'vreemde', id)).rejects.toThrow(/al in gebruik/);

    // Its default password replaced first by a code the page shows, as for a new one.
    const code = newHandoverCode();
    expect(code).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    await secureBuiltInAdmin(environment(id), code);
    expect((await authenticate(id, '123qwe')).status, 'the default password is gone').toBe(500);
    const freed = await handOver(environment(id), { tenancyName: 'Oost', firstAdminEmail: 'vreemde@extern.local', codes: [code] });
    expect(freed.kind).toBe('address-freed');

    const vera = await backendSignIn(stack.urls, 'vreemde', id);
    expect((await handOver(environment(id), { tenancyName: 'Oost', firstAdminEmail: 'vreemde@extern.local', codes: [code] })).kind).toBe(
      'granted',
    );
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
    for (let i = 0; i < 5; i += 1)
      tries.push(
        await handOver(environment(id), { tenancyName: 'Zuidwest', firstAdminEmail: 'vreemde@extern.local', codes: ['fout-fout'] }).catch(
          (error: HandoverRefusal) => error.reason,
        ),
      );
    expect(tries).toEqual(['wrong-code', 'wrong-code', 'wrong-code', 'wrong-code', 'locked']);
    await expect(
      handOver(environment(id), { tenancyName: 'Zuidwest', firstAdminEmail: 'vreemde@extern.local', codes: [code] }),
    ).rejects.toEqual(new HandoverRefusal('locked'));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(
      (await handOver(environment(id), { tenancyName: 'Zuidwest', firstAdminEmail: 'vreemde@extern.local', codes: [code] })).kind,
    ).toBe('not-signed-in');
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
      await secureBuiltInAdmin(environment(id), code, { mayBeInForce: [code] });
      expect((await authenticate(id, code)).status, `${tenancyName}: the same code opens him`).toBe(200);
      expect((await authenticate(id, '123qwe')).status, `${tenancyName}: the default password is gone`).toBe(500);
      expect((await handOver(environment(id), { tenancyName, firstAdminEmail: 'vreemde@extern.local', codes: [code] })).kind).toBe(
        'not-signed-in',
      );
    }
  });

  it('tries the kept code and the typed one, each once and the kept first, and goes on with the one that opens; a lockout ends the tries', async () => {
    const id = await createEnvironment('Midden', 'admin@midden.invalid');
    const kept = newHandoverCode();
    await secureBuiltInAdmin(environment(id), kept);
    const typed = newHandoverCode();

    // The kept code opens him: the typed one is never tried, nothing counts against the lockout.
    const first = watched(id);
    expect(
      await handOver(first.client, { tenancyName: 'Midden', firstAdminEmail: 'vreemde@extern.local', codes: [kept, typed, kept] }),
    ).toEqual({ kind: 'not-signed-in', code: kept });
    expect(signIns(first.sent)).toEqual([kept]);

    // Typed over by the right one: one refused try (the kept, wrong one), then the typed one.
    const second = watched(id);
    expect(
      await handOver(second.client, { tenancyName: 'Midden', firstAdminEmail: 'vreemde@extern.local', codes: ['fout-fout', kept] }),
    ).toEqual({ kind: 'not-signed-in', code: kept });
    expect(signIns(second.sent)).toEqual(['fout-fout', kept]);

    // After a lost answer: neither code opens him and the default password does: it is replaced by the next code, the typed one.
    const lostId = await createEnvironment('Randstad', 'admin@randstad.invalid');
    const third = watched(lostId);
    expect(await secureBuiltInAdmin(third.client, typed, { mayBeInForce: [kept, typed] })).toBe(typed);
    expect(signIns(third.sent)).toEqual([kept, typed, '123qwe']);
    expect((await authenticate(lostId, typed)).status).toBe(200);

    // Locked: the tries stop at the lockout, the right code behind it is not tried.
    for (let i = 0; i < 4; i += 1) await authenticate(id, 'fout-fout');
    const fourth = watched(id);
    await expect(
      handOver(fourth.client, { tenancyName: 'Midden', firstAdminEmail: 'vreemde@extern.local', codes: ['nog-fout', kept] }),
    ).rejects.toEqual(new HandoverRefusal('locked'));
    expect(signIns(fourth.sent)).toEqual(['nog-fout']);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
  });

  it("finds the first administrator by her e-mail address with ABP's filter, not by reading the environment's users", async () => {
    const id = await createEnvironment('Kust', 'admin@kust.invalid');
    const code = newHandoverCode();
    await secureBuiltInAdmin(environment(id), code);
    await backendSignIn(stack.urls, 'vreemde', id);
    const { client, sent } = watched(id);
    const outcome = await handOver(client, { tenancyName: 'Kust', firstAdminEmail: ' Vreemde@Extern.local ', codes: [code] });
    expect(outcome).toMatchObject({ kind: 'granted', person: { fullName: 'Vera Vreemde' } });
    const reads = sent.filter((line) => line.startsWith('GET '));
    // As typed first (the recorded host compares case), then in lower case, which finds her.
    expect(reads.map((line) => new URL(line.slice(4), 'http://x').searchParams.get('Keyword'))).toEqual([
      'Vreemde@Extern.local',
      'vreemde@extern.local',
    ]);
    expect(
      reads.every((line) => Number(new URL(line.slice(4), 'http://x').searchParams.get('MaxResultCount')) <= 100),
      'no read of a thousand',
    ).toBe(true);
  });
});
