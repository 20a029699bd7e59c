import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../src/config/configError.ts';
import { APP_CONFIG_FILE, appConfigUrl, fetchAppConfig, loadAppConfig } from '../../src/config/loadAppConfig.ts';

const CONFIG_URL = 'http://localhost:4200/assets/appconfig.json';

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function errorOf(promise: Promise<unknown>): Promise<ConfigError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchAppConfig', () => {
  it('returns the parsed JSON of the file', async () => {
    stubFetch(async () => new Response('{"appBaseUrl":"http://localhost:4200"}'));
    await expect(fetchAppConfig(CONFIG_URL, {})).resolves.toEqual({ appBaseUrl: 'http://localhost:4200' });
  });

  it('asks for the file with the given headers, bypassing the cache', async () => {
    const fetchMock = stubFetch(async () => new Response('{}'));
    await fetchAppConfig(CONFIG_URL, { 'Abp-TenantId': '3' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(CONFIG_URL);
    expect(init?.headers).toEqual({ 'Abp-TenantId': '3' });
    expect(init?.cache).toBe('no-store');
  });

  it('reports a 404 as config-missing', async () => {
    stubFetch(async () => new Response('Not Found', { status: 404 }));
    const error = await errorOf(fetchAppConfig(CONFIG_URL, {}));
    expect(error.kind).toBe('config-missing');
    expect(error.status).toBe(404);
  });

  it('reports a 500 as config-unreachable with the status', async () => {
    stubFetch(async () => new Response('oops', { status: 500 }));
    const error = await errorOf(fetchAppConfig(CONFIG_URL, {}));
    expect(error.kind).toBe('config-unreachable');
    expect(error.status).toBe(500);
  });

  it('reports a failed fetch as config-unreachable without a status', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await errorOf(fetchAppConfig(CONFIG_URL, {}));
    expect(error.kind).toBe('config-unreachable');
    expect(error.status).toBeUndefined();
    expect(error.detail).toContain('Failed to fetch');
  });

  it('reports a body that is not JSON as config-not-json', async () => {
    stubFetch(async () => new Response('<!doctype html><app-root></app-root>', { headers: { 'Content-Type': 'text/html' } }));
    expect((await errorOf(fetchAppConfig(CONFIG_URL, {}))).kind).toBe('config-not-json');
  });

  it('reports an empty body as config-not-json', async () => {
    stubFetch(async () => new Response(''));
    expect((await errorOf(fetchAppConfig(CONFIG_URL, {}))).kind).toBe('config-not-json');
  });
});

describe('loadAppConfig', () => {
  it('returns the validated config', async () => {
    const file = { appBaseUrl: 'http://localhost:4200/', remoteServiceBaseUrl: 'http://localhost:21021/' };
    stubFetch(async () => new Response(JSON.stringify(file)));
    const config = await loadAppConfig(CONFIG_URL, {});
    expect(config.appBaseUrl).toBe('http://localhost:4200');
    expect(config.remoteServiceBaseUrl).toBe('http://localhost:21021');
    expect(config.tenantHeaderName).toBe('Abp-TenantId');
  });

  it('reports an invalid file as config-invalid naming the field', async () => {
    stubFetch(async () => new Response(JSON.stringify({ appBaseUrl: 'http://localhost:4200' })));
    const error = await errorOf(loadAppConfig(CONFIG_URL, {}));
    expect(error.kind).toBe('config-invalid');
    expect(error.field).toBe('remoteServiceBaseUrl');
  });

  it('passes fetch failures on unchanged', async () => {
    stubFetch(async () => new Response('', { status: 404 }));
    expect((await errorOf(loadAppConfig(CONFIG_URL, {}))).kind).toBe('config-missing');
  });
});

describe('appConfigUrl', () => {
  it('places the config file under assets/ of the given base', () => {
    expect(appConfigUrl('https://staff.example.nl/app/')).toBe(`https://staff.example.nl/app/assets/${APP_CONFIG_FILE}`);
  });

  it('uses appconfig.json outside production builds', () => {
    expect(APP_CONFIG_FILE).toBe('appconfig.json');
  });
});
