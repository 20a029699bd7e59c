import * as ENDPOINTS from '../endpoints/endpointTable.ts';
import { requestHeaders, withCulture, type AbpHeaderSource } from '../abp/headers.ts';
import { cookieHeaderSource } from '../abp/cookieHeaders.ts';
import { hasChosenTenant, tenantIdOf } from '../abp/tenant.ts';
import { TenantAvailability } from '../abp/tenantAvailability.ts';
import { isJsonObject } from '../lib/json.ts';
import { CALLBACK_PATH } from '../lib/paths.ts';
import { DEFAULT_TENANT_HEADER } from './appConfig.ts';
import { appConfigHeaders } from './appConfigRequest.ts';
import type { EarlyRequest } from './early.ts';
import { appConfigUrl, sendAppConfigRequest } from './loadAppConfig.ts';
import { httpUrl } from './parseAppConfig.ts';

/**
 * index.html's script (scripts/build/earlyScript.ts builds it from this
 * file and writes it into the page): start-up's first requests, sent while
 * the bundle loads, with the code start-up sends them with (config/early.ts
 * says how start-up takes their answers): the config; once it has answered,
 * the configured environment's lookup when this browser has chosen none;
 * then GetAll.
 */
export function sendEarlyRequests(): Window['early'] {
  // A silent renewal's frame or a sign-in popup: the callback page there only hands its address over.
  if (location.pathname === CALLBACK_PATH && (self !== top || opener)) return undefined;
  const configRequest = send(appConfigUrl(), appConfigHeaders(), sendAppConfigRequest);
  const config = answer(configRequest).then(apiOf);
  const tenant = config.then((api) => api && lookUp(api));
  const getAll = tenant.then(async (lookup) => {
    const api = await config;
    if (!api) return undefined;
    let source = cookieHeaderSource(api.header);
    if (lookup) {
      // As configuredTenant.lazy.ts keeps the answer: in the tenant cookie, which getTenantId reads back.
      const found = await answer(lookup);
      const { state, tenantId } = isJsonObject(found) && isJsonObject(found.result) ? found.result : {};
      if (state === TenantAvailability.Available && tenantId !== null)
        source = cookieHeaderSource(api.header, tenantIdOf(String(tenantId)));
    }
    return call(api.url, ENDPOINTS.GetAll.path, source);
  });
  // Whatever fails here is start-up's to ask again.
  const none = () => undefined;
  return { config: configRequest, tenant: tenant.catch(none), getAll: getAll.catch(none) };
}

interface Api {
  /** The address start-up would send the bearer to: parseAppConfig's rule. */
  url: string;
  header: string;
  tenancyName: unknown;
}

/** What the config says of the backend, if its address is one start-up would take. */
function apiOf(json: unknown): Api | undefined {
  const url = isJsonObject(json) ? httpUrl(json.remoteServiceBaseUrl) : undefined;
  if (!url || !isJsonObject(json)) return undefined;
  return {
    url,
    header: typeof json.tenantHeaderName === 'string' ? json.tenantHeaderName : DEFAULT_TENANT_HEADER,
    tenancyName: json.tenancyName,
  };
}

/** The configured environment's lookup, as configuredTenant.lazy.ts asks it, when this browser has chosen none. */
function lookUp(api: Api): EarlyRequest | undefined {
  if (hasChosenTenant() || !api.tenancyName) return undefined;
  const body = JSON.stringify({ tenancyName: api.tenancyName });
  return {
    ...call(
      api.url,
      ENDPOINTS.IsTenantAvailable.path,
      cookieHeaderSource(api.header),
      { 'Content-Type': 'application/json' },
      { method: 'POST', body },
    ),
    body,
  };
}

/** A call of the app's ABP client (abp/client.ts): the same address (as a Request spells it), query and headers. */
function call(api: string, path: string, source: AbpHeaderSource, more?: Record<string, string>, init?: RequestInit): EarlyRequest {
  return send(new URL(`${api}/${withCulture(path, source)}`).href, { ...requestHeaders(source), ...more }, (url, headers) =>
    fetch(url, { ...init, headers }),
  );
}

function send(
  url: string,
  headers: Record<string, string>,
  fetcher: (url: string, headers: Record<string, string>) => Promise<Response>,
): EarlyRequest {
  const answer = fetcher(url, headers);
  // Its failure is start-up's to see, when it takes the answer.
  answer.catch(() => undefined);
  return { url, headers, answer };
}

/** The answer's JSON; a refusal is no answer here. */
async function answer(request: EarlyRequest): Promise<unknown> {
  const response = await request.answer;
  return response.ok ? response.clone().json() : undefined;
}
