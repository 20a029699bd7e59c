import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readBearer, readRequestTenant, resolveCulture } from '../../devstack/api/request.ts';
import { createApiTenantDirectory } from '../../devstack/api/tenants.ts';
import { createAppConfig } from '../../devstack/appconfig.ts';
import { createFaultRegistry, parseFault } from '../../devstack/faults/registry.ts';
import { cacheControlFor, inlineScriptHashes, inlineStyleHashes } from '../../devstack/app-server/static-server.ts';
import { createUserStore } from '../../devstack/provider/user-store.ts';

const headers = (values: Record<string, string>) => (name: string) =>
  Object.entries(values).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

describe('request headers', () => {
  const none = () => undefined;
  const culture = (values: Record<string, string>, saved?: string) =>
    resolveCulture({
      query: none,
      header: headers(values),
      cookie: none,
      user: saved === undefined ? undefined : { saved: saved || undefined },
    });

  it.each([
    [{}, 'nl'],
    [{ '.AspNetCore.Culture': 'c=en-US|uic=en-US' }, 'en'],
    [{ '.AspNetCore.Culture': 'c=nl|uic=en-US' }, 'en'],
    [{ '.AspNetCore.Culture': 'c=en-US' }, 'en'],
    [{ '.AspNetCore.Culture': 'EN-us' }, 'en'],
    [{ '.AspNetCore.Culture': 'nl-NL' }, 'nl'],
    [{ '.AspNetCore.Culture': 'c=de|uic=de' }, 'nl'],
    [{ '.AspNetCore.Culture': 'c=de|uic=de', 'Accept-Language': 'fr;q=1, en-GB;q=0.8' }, 'en'],
    [{ 'Accept-Language': 'nl;q=0.2, en;q=0.9' }, 'en'],
  ])('culture %j -> %s', (values, expected) => {
    expect(culture(values)).toEqual({ language: expected });
  });

  it('saves a signed-in user’s first culture that is not the default, as sent, and then follows the saved one', () => {
    expect(culture({ '.AspNetCore.Culture': 'c=en-US|uic=en-US' }, '')).toEqual({ language: 'en', save: 'en-US' });
    expect(culture({ '.AspNetCore.Culture': 'c=nl|uic=nl' }, '')).toEqual({ language: 'nl' });
    expect(culture({ 'Accept-Language': 'en' }, '')).toEqual({ language: 'en' });
    expect(culture({ '.AspNetCore.Culture': 'c=nl|uic=nl' }, 'en-US')).toEqual({ language: 'en' });
    // A saved name that is no language here (ChangeLanguage takes any) passes to the header.
    expect(culture({ '.AspNetCore.Culture': 'c=nl|uic=nl' }, 'xx-YY')).toEqual({ language: 'nl' });
  });

  it('reads the Abp-TenantId header, then the cookie; not Abp.TenantId, nor ids that name no tenant', () => {
    const tenants = createApiTenantDirectory();
    const tenant = (header: Record<string, string>, cookie: Record<string, string> = {}) =>
      readRequestTenant(headers(header), headers(cookie), tenants.findById)?.id ?? null;
    expect(tenant({})).toBeNull();
    expect(tenant({ 'Abp-TenantId': 'null' })).toBeNull();
    expect(tenant({ 'Abp.TenantId': '2' }, { 'Abp.TenantId': '2' })).toBeNull();
    expect(tenant({ 'Abp-TenantId': '2' }, { 'Abp-TenantId': '1' })).toBe(2);
    expect(tenant({}, { 'Abp-TenantId': '1' })).toBe(1);
    expect(tenant({ 'Abp-TenantId': '99' }, { 'Abp-TenantId': '1' })).toBe(1);
    expect(tenant({ 'Abp-TenantId': '1e3' })).toBeNull();
    expect(tenant({ 'Abp-TenantId': '3' })).toBe(3);
    // A deleted tenant is as unknown as one that never was.
    tenants.delete(tenants.findById(2)!);
    expect(tenant({ 'Abp-TenantId': '2' }, { 'Abp-TenantId': '1' })).toBe(1);
  });

  it('reads bearer tokens', () => {
    expect(readBearer(headers({}))).toEqual({ kind: 'none' });
    expect(readBearer(headers({ Authorization: 'bearer abc' }))).toEqual({ kind: 'token', token: 'abc' });
    expect(readBearer(headers({ Authorization: 'Bearer' }))).toEqual({ kind: 'malformed' });
  });
});

describe('fault registry', () => {
  it('validates faults from JSON', () => {
    expect(parseFault({ status: 401, delayMs: 10, times: 2 })).toEqual({ status: 401, delayMs: 10, times: 2 });
    expect(() => parseFault([])).toThrow(/object/);
    expect(() => parseFault({ status: 99 })).toThrow(/status/);
    expect(() => parseFault({ body: 'xml' })).toThrow(/body/);
    expect(() => parseFault({ times: 0 })).toThrow(/times/);
    expect(() => parseFault({ reset: 'yes' })).toThrow(/reset/);
  });

  it('counts down times and clears per endpoint or all', () => {
    const faults = createFaultRegistry(true);
    faults.set('Session', { status: 500, times: 2 });
    faults.set('GetAll', { status: 500 });
    expect(faults.take('Session')).toBeDefined();
    expect(faults.take('Session')).toBeDefined();
    expect(faults.take('Session')).toBeUndefined();
    faults.clear('GetAll');
    expect(faults.take('GetAll')).toBeUndefined();
    faults.set('token', { reset: true });
    faults.clear();
    expect(faults.take('token')).toBeUndefined();
  });
});

describe('appconfig', () => {
  it('is a pure function of the addresses', () => {
    const input = { appOrigin: 'http://localhost:1', issuer: 'http://localhost:2', apiUrl: 'http://localhost:3' };
    expect(createAppConfig(input)).toEqual(createAppConfig(input));
    expect(createAppConfig({ ...input, klantenportaal: 'https://k' }).klantenportaal).toBe('https://k');
    expect('klantenportaal' in createAppConfig(input)).toBe(false);
  });
});

describe('static server rules', () => {
  it('hashes each inline style block once', () => {
    const html = '<style>a{}</style><style media="print">b{}</style><style>a{}</style>';
    const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(inlineStyleHashes(html)).toEqual([hash('a{}'), hash('b{}')]);
  });

  it('hashes each inline script, never a script loaded by address', () => {
    const html = '<script>go()</script><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script><script>go()</script>';
    const hash = (js: string) => `'sha256-${createHash('sha256').update(js).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([hash('go()')]);
  });

  it.each([
    ['/assets/index-Ab12Cd34.js', 'public, max-age=31536000, immutable'],
    ['/assets/index-B_x-9zQk.css', 'public, max-age=31536000, immutable'],
    ['/assets/logo-small.svg', 'no-cache'],
    ['/assets/logo.svg', 'no-cache'],
    ['/workbox-1a2b3c4d.js', 'no-cache'],
    ['/sw.js', 'no-cache'],
  ])('cache rule for %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('user store', () => {
  it('checks scrypt hashes and ignores user name case', () => {
    const users = createUserStore();
    expect(users.verify('admin', '123qwe')?.email).toBe('admin@isolatie.local');
    expect(users.verify(' Admin ', '123qwe')?.sub).toBe('idp-0001-admin');
    expect(users.verify('admin', '123qwE')).toBeUndefined();
    expect(users.verify('onbekend', '123qwe')).toBeUndefined();
  });
});
