import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../../devstack/stack.ts';
import { freePorts } from '../../devstack/ports.ts';
import { atOrg } from './helpers/myaccount.ts';
import { signIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// A stack as `npm run dev` starts it (no static server, no test mode), with
// every tunable option moved off its default.

const LATENCY = 150;
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({
    testMode: false,
    serveApp: false,
    latencyMs: LATENCY,
    accessTokenTtl: 2,
    backendTokenTtl: 2,
    clockProvider: 'utcClockProvider',
  });
});
afterAll(() => stack.stop());

const exchange = (accessToken: string, sub: string) =>
  fetch(`${stack.urls.api}/api/TokenAuth/ExternalAuthenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Abp-TenantId': '1' },
    body: JSON.stringify({ authProvider: 'OpenIdConnect', providerKey: sub, providerAccessCode: accessToken }),
  });

describe('stack options', () => {
  it("uses both token lifetimes, refuses the backend token once expired and takes the provider's within the clock skew", async () => {
    const { tokens, idTokenClaims } = await signIn(stack.urls, 'admin');
    expect(tokens.expires_in).toBe(2);
    const fresh = (await (await exchange(tokens.access_token, idTokenClaims.sub)).json()).result;
    expect(fresh.expireInSeconds).toBe(2);
    const getAll = async () =>
      (
        await (
          await fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`, { headers: { Authorization: `Bearer ${fresh.accessToken}` } })
        ).json()
      ).result;
    expect((await getAll()).session.userId).toBe(2);

    // Wait until both have passed their exp (whole seconds) for certain.
    const lastExp = Math.max(decodeJwt(tokens.access_token).exp!, decodeJwt(fresh.accessToken).exp!);
    await new Promise((resolve) => setTimeout(resolve, lastExp * 1000 + 1_050 - Date.now()));
    // The API allows two minutes of clock skew, as Okta advises (a token past that is refused: provider-token.test.ts).
    const justExpired = await exchange(tokens.access_token, idTokenClaims.sub);
    expect(justExpired.status).toBe(200);
    // An expired backend token makes GetAll anonymous, as ABP's JWT bearer does.
    const expiredBackend = await getAll();
    expect(expiredBackend.session).toMatchObject({ userId: null, tenantId: null });
  });

  it("leaves the org server's tokens their hour, as Okta does, where it serves only Mijn account beside the custom server", async () => {
    const { tokens } = await signIn(stack.urls, 'admin', '123qwe', { scope: 'openid okta.myAccount.profile.read' }, atOrg(stack.urls));
    expect(tokens.expires_in).toBe(3600);
  });

  it('reports the configured clock provider and delays every API answer', async () => {
    const started = performance.now();
    const response = await fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(LATENCY - 10);
    expect((await response.json()).result.clock).toEqual({ provider: 'utcClockProvider' });
  });

  it('starts no static server and leaves klantenportaal out of the appconfig', async () => {
    await expect(fetch(`${stack.urls.app}/`)).rejects.toThrow(/fetch failed/);
    expect(stack.appConfig).not.toHaveProperty('klantenportaal');
    expect(stack.appConfig.appBaseUrl).toBe(`http://localhost:${stack.ports.app}`);
  });

  it('has no fault, behaviour or config switches and no holds outside test mode', async () => {
    expect(() => stack.faults.set('GetAll', { status: 500 })).toThrow(/testMode/);
    expect(() => stack.holds.hold('GetAll')).toThrow(/testMode/);
    expect(() => stack.appConfigSwitch.set({ tenancyName: 'Noord' })).toThrow(/testMode/);
    expect(() => stack.behaviour.set({ inactiveUserSignIn: 'waitingForActivation' })).toThrow(/testMode/);
    expect((await fetch(`${stack.urls.api}/__devstack/behaviour`, { method: 'PUT', body: '{}' })).status).toBe(404);
    expect(() => stack.clearRolePermissionCache()).toThrow(/testMode/);
    expect((await fetch(`${stack.urls.api}/__devstack/role-permission-cache`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${stack.urls.api}/__devstack/backend-token`, { method: 'POST', body: '{}' })).status).toBe(404);
    const put = await fetch(`${stack.urls.api}/__devstack/faults/GetAll`, { method: 'PUT', body: '{"status":500}' });
    expect(put.status).toBe(404);
    expect((await fetch(`${stack.urls.api}/__devstack/faults`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`)).status).toBe(200);
  });

  it('lists the demo users with their password', () => {
    expect(stack.users.map((u) => [u.userName, u.email])).toEqual([
      ['admin', 'admin@isolatie.local'],
      ['monteur', 'monteur@isolatie.local'],
      ['nieuw', 'nieuw@isolatie.local'],
      ['vreemde', 'vreemde@extern.local'],
      ['host', 'host@isolatie.local'],
    ]);
    expect(new Set(stack.users.map((u) => u.password))).toEqual(new Set(['123qwe']));
  });
});

describe('the deployment choices as options', () => {
  it('answers waitingForActivation for inactive users, and registers unknown ones inactive', async () => {
    const chosen = await startTestStack({
      serveApp: false,
      testMode: false,
      inactiveUserSignIn: 'waitingForActivation',
      externalUserRegistration: 'inactive',
    });
    try {
      const signInAt = async (userName: string) => {
        const { tokens, idTokenClaims } = await signIn(chosen.urls, userName);
        const response = await fetch(`${chosen.urls.api}/api/TokenAuth/ExternalAuthenticate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Abp-TenantId': '1' },
          body: JSON.stringify({ authProvider: 'OpenIdConnect', providerKey: idTokenClaims.sub, providerAccessCode: tokens.access_token }),
        });
        return (await response.json()).result;
      };
      const waiting = { accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, waitingForActivation: true };
      expect(await signInAt('nieuw')).toEqual(waiting);
      expect(await signInAt('vreemde')).toEqual(waiting);
      expect(await signInAt('vreemde')).toEqual(waiting);
      expect((await signInAt('admin')).waitingForActivation).toBe(false);
    } finally {
      await chosen.stop();
    }
  });

  it('refuses a choice it does not know before taking a port', async () => {
    const [app, idp, api] = (await freePorts(3)) as [number, number, number];
    await expect(
      startStack({ appPort: app, idpPort: idp, apiPort: api, serveApp: false, inactiveUserSignIn: 'soms' as 'loginFailed' }),
    ).rejects.toThrow(/inactiveUserSignIn must be 'loginFailed' or 'waitingForActivation'/);
  });
});

describe('ports from the environment', () => {
  it('takes ports from APP_PORT, IDP_PORT and API_PORT', async () => {
    const [app, idp, api] = (await freePorts(3)) as [number, number, number];
    Object.assign(process.env, { APP_PORT: String(app), IDP_PORT: String(idp), API_PORT: String(api) });
    try {
      const fromEnv = await startStack({ serveApp: false });
      // The provider on a site of its own: another host than the app's.
      expect(fromEnv.urls).toEqual({
        app: `http://localhost:${app}`,
        issuer: `http://127.0.0.1:${idp}`,
        signInIssuer: `http://127.0.0.1:${idp}/oauth2/default`,
        api: `http://localhost:${api}`,
        apiServer: `http://localhost:${api}`,
      });
      expect(fromEnv.apiLayout).toBe('cross-origin');
      await fromEnv.stop();
      // The same-origin layout: the app calls the API at its own address; the API still listens on its port.
      process.env.API_LAYOUT = 'same-origin';
      const sameOrigin = await startStack({ serveApp: false });
      expect([sameOrigin.urls.api, sameOrigin.urls.apiServer, sameOrigin.appConfig.remoteServiceBaseUrl]).toEqual([
        `http://localhost:${app}`,
        `http://localhost:${api}`,
        `http://localhost:${app}`,
      ]);
      await sameOrigin.stop();
      process.env.API_LAYOUT = 'same';
      await expect(startStack({ serveApp: false })).rejects.toThrow(/API_LAYOUT must be "cross-origin" or "same-origin"/);
      delete process.env.API_LAYOUT;
      process.env.PROVIDER_SITE = 'same';
      const sameSite = await startStack({ serveApp: false });
      expect(sameSite.urls.issuer).toBe(`http://localhost:${idp}`);
      await sameSite.stop();
      process.env.PROVIDER_SITE = 'next door';
      await expect(startStack({ serveApp: false })).rejects.toThrow(/PROVIDER_SITE must be "own" or "same"/);
    } finally {
      delete process.env.PROVIDER_SITE;
      delete process.env.API_LAYOUT;
      delete process.env.APP_PORT;
      delete process.env.IDP_PORT;
      delete process.env.API_PORT;
    }
  });

  it('rejects a port variable that is not a number', async () => {
    process.env.API_PORT = 'eenentwintig';
    try {
      await expect(startStack({ serveApp: false })).rejects.toThrow(/API_PORT must be a whole number/);
    } finally {
      delete process.env.API_PORT;
    }
  });
});

describe('userConfigurationScale', () => {
  it('sends (n - 1) * 200 more texts and (n - 1) * 20 more permissions, granted to whoever is signed in', async () => {
    const base = await startTestStack({ serveApp: false });
    const scaled = await startTestStack({ serveApp: false, userConfigurationScale: 3 });
    try {
      const read = async (s: TestStack) => (await (await fetch(`${s.urls.api}/AbpUserConfiguration/GetAll`)).json()).result;
      const [small, large] = await Promise.all([read(base), read(scaled)]);
      const texts = (config: typeof small) => Object.keys(config.localization.values.AbpProjectName).length;
      const permissions = (config: typeof small) => Object.keys(config.auth.allPermissions).length;
      expect(texts(large) - texts(small)).toBe(400);
      expect(permissions(large) - permissions(small)).toBe(40);
      expect(large.localization.values.AbpProjectName['Generated.Text400']).toBe('Voorbeeldtekst nummer 400');
      // Nobody is signed in: nothing granted.
      expect(large.auth.grantedPermissions).toEqual({});
      // The app's own texts and permissions are all still there.
      expect(large.localization.values.AbpProjectName).toMatchObject(small.localization.values.AbpProjectName);
      expect(large.auth.allPermissions).toMatchObject(small.auth.allPermissions);
    } finally {
      await Promise.all([base.stop(), scaled.stop()]);
    }
  });

  it('refuses a scale below 1 before taking a port', async () => {
    const [app, idp, api] = (await freePorts(3)) as [number, number, number];
    await expect(startStack({ appPort: app, idpPort: idp, apiPort: api, serveApp: false, userConfigurationScale: 0 })).rejects.toThrow(
      /userConfigurationScale must be a whole number/,
    );
  });
});
