import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readBearer, readCultureHeader, readTenantHeader } from '../../devstack/api-request.ts';
import { createAppConfig } from '../../devstack/appconfig.ts';
import { createFaultRegistry, parseFault } from '../../devstack/faults.ts';
import { cacheControlFor, inlineStyleHashes } from '../../devstack/static-server.ts';
import { createUserStore } from '../../devstack/user-store.ts';

const headers = (values: Record<string, string>) => (name: string) =>
  Object.entries(values).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

describe('request headers', () => {
  it.each([
    [{}, undefined],
    [{ '.AspNetCore.Culture': 'c=en-US|uic=en-US' }, 'en-US'],
    [{ '.AspNetCore.Culture': 'c=nl|uic=en-US' }, 'en-US'],
    [{ '.AspNetCore.Culture': 'c=en-US' }, 'en-US'],
    [{ '.AspNetCore.Culture': 'EN-us' }, 'en-US'],
    [{ '.AspNetCore.Culture': 'nl-NL' }, 'nl'],
    [{ '.AspNetCore.Culture': 'c=de|uic=de' }, undefined],
  ])('culture %j -> %s', (values, expected) => {
    expect(readCultureHeader(headers(values))).toBe(expected);
  });

  it('reads either tenant header and treats "null" as host', () => {
    expect(readTenantHeader(headers({}))).toEqual({ kind: 'none' });
    expect(readTenantHeader(headers({ 'Abp-TenantId': 'null' }))).toEqual({ kind: 'none' });
    expect(readTenantHeader(headers({ 'Abp.TenantId': '2' }))).toMatchObject({ kind: 'tenant', tenant: { tenancyName: 'Noord' } });
    expect(readTenantHeader(headers({ 'Abp-TenantId': '1', 'Abp.TenantId': '2' }))).toMatchObject({ tenant: { id: 1 } });
    expect(readTenantHeader(headers({ 'Abp-TenantId': '99' }))).toEqual({ kind: 'unknown', value: '99' });
    expect(readTenantHeader(headers({ 'Abp-TenantId': '1e3' }))).toEqual({ kind: 'unknown', value: '1e3' });
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
