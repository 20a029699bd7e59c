import * as ADMINISTRATION from '../../src/endpoints/adminEndpoints.ts';
import type { AbpEndpoint } from '../../src/endpoints/endpointTable.ts';
import * as START from '../../src/endpoints/endpointTable.ts';

/** The whole table: start-up's and sign-in's endpoints and the administration's. */
const ENDPOINTS = { ...START, ...ADMINISTRATION };

// The endpoint table as Node (the local stand-in) and the tests read it: as a whole, listed, and found by request.

export { ENDPOINTS, type AbpEndpoint };

/** Every ABP endpoint the app calls, by the name the fault switches and the logs use. */
export type EndpointName = keyof typeof ENDPOINTS;

/** Every entry of the table with its name. */
export function endpointList(): Array<AbpEndpoint & { name: EndpointName }> {
  return Object.keys(ENDPOINTS)
    .filter(isEndpointName)
    .map((name) => ({ name, ...ENDPOINTS[name] }));
}

export function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(ENDPOINTS, name);
}

/** The endpoint a request is for: the method and the path (query left off, case ignored as ASP.NET does). */
export function findEndpoint(method: string, path: string): (AbpEndpoint & { name: EndpointName }) | undefined {
  const wanted = path.split('?')[0]!.replace(/^\/+/, '').toLowerCase();
  return endpointList().find((e) => (e.anyMethod || e.method === method.toUpperCase()) && e.path.toLowerCase() === wanted);
}
