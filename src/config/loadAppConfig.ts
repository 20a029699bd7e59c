import type { AppConfig } from './appConfig.ts';
import { ConfigError } from './configError.ts';
import { parseAppConfig } from './parseAppConfig.ts';

/** `appconfig.production.json` in production builds, `appconfig.json` in development. */
export const APP_CONFIG_FILE = import.meta.env.PROD ? 'appconfig.production.json' : 'appconfig.json';

/** The config's address, relative to where the app is served from. */
export function appConfigUrl(base = new URL(import.meta.env.BASE_URL, location.origin).href): string {
  return new URL(`assets/${APP_CONFIG_FILE}`, base).href;
}

/** Asks for the config, as start-up and index.html's early script do (with the cookies: fetch's default, same origin). */
export function sendAppConfigRequest(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { headers, cache: 'no-store' });
}

/** Fetches the application config (with the tenant header) without validating it; `sent`: the answer to that request, already on its way. */
export async function fetchAppConfig(url: string, headers: Record<string, string>, sent?: Promise<Response>): Promise<unknown> {
  let response: Response;
  try {
    response = await (sent ?? sendAppConfigRequest(url, headers));
  } catch (error) {
    throw new ConfigError('config-unreachable', `${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    const kind = response.status === 404 ? 'config-missing' : 'config-unreachable';
    throw new ConfigError(kind, `${url}: HTTP ${response.status}`, { status: response.status });
  }
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ConfigError('config-not-json', `${url}: not JSON: ${text.slice(0, 80)}`);
  }
}

export async function loadAppConfig(url: string, headers: Record<string, string>): Promise<AppConfig> {
  return parseAppConfig(await fetchAppConfig(url, headers));
}
