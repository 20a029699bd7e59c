import { decodeJwt } from 'jose';
import { TENANT_CLAIM, USER_ID_CLAIM } from '../../../devstack/api/backend-token.ts';

// Comparing an answer of the stand-in with the recorded one, value by value,
// reading the recording's placeholders (tests/contract/recorded/README.md,
// "Normalisation") as what they stand for.

const DATETIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?/g;
const GUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const BACKEND_JWT = /^<jwt: tenant=(\w+) user=(\d+) exp=\+(\d+)>$/;

/** ABP's access token as the recording describes it: `<jwt: tenant=1 user=2 exp=+86400>`. */
export function describeBackendToken(token: string): string {
  try {
    const claims = decodeJwt(token);
    const tenant = claims[TENANT_CLAIM] ?? 'none';
    return `<jwt: tenant=${String(tenant)} user=${String(claims[USER_ID_CLAIM])} exp=+${(claims.exp ?? 0) - (claims.nbf ?? 0)}>`;
  } catch {
    return `<not a JWT: ${token.slice(0, 20)}…>`;
  }
}

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'undefined'));

/**
 * The differences between a recorded value and the stand-in's, as
 * `path: recorded …, stand-in …` lines; none when they agree. Paths in
 * `skip` (and everything under them) are not compared.
 */
export function differences(recorded: unknown, actual: unknown, skip: readonly string[] = [], path = ''): string[] {
  if (skip.includes(path)) return [];
  const at = path || '(body)';
  if (typeof recorded === 'string') {
    if (typeof actual !== 'string') return [`${at}: recorded ${show(recorded)}, stand-in ${show(actual)}`];
    const token = BACKEND_JWT.exec(recorded);
    if (token) {
      const described = describeBackendToken(actual);
      return described === recorded ? [] : [`${at}: recorded ${recorded}, stand-in ${described}`];
    }
    if (recorded === '<encrypted access token>')
      return actual.length > 0 && !actual.startsWith('eyJ') ? [] : [`${at}: no opaque encrypted token: ${show(actual)}`];
    const normalised = actual.replace(DATETIME, '<datetime>').replace(GUID, '<guid>');
    return normalised === recorded ? [] : [`${at}: recorded ${show(recorded)}, stand-in ${show(actual)}`];
  }
  if (Array.isArray(recorded)) {
    if (!Array.isArray(actual)) return [`${at}: recorded an array, stand-in ${show(actual)}`];
    const lengths = recorded.length === actual.length ? [] : [`${at}: recorded ${recorded.length} items, stand-in ${actual.length}`];
    return [
      ...lengths,
      ...recorded.flatMap((item, index) => (index < actual.length ? differences(item, actual[index], skip, `${path}[${index}]`) : [])),
    ];
  }
  if (typeof recorded === 'object' && recorded !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${at}: recorded an object, stand-in ${show(actual)}`];
    const given = actual as Record<string, unknown>;
    const child = (key: string) => (path ? `${path}.${key}` : key);
    const missing = Object.keys(recorded)
      .filter((key) => !(key in given) && !skip.includes(child(key)))
      .map((key) => `${child(key)}: recorded, missing at the stand-in`);
    const extra = Object.keys(given)
      .filter((key) => !(key in recorded) && !skip.includes(child(key)))
      .map((key) => `${child(key)}: not recorded, sent by the stand-in`);
    const values = Object.entries(recorded).flatMap(([key, value]) =>
      key in given ? differences(value, given[key], skip, child(key)) : [],
    );
    return [...missing, ...extra, ...values];
  }
  return Object.is(recorded, actual) ? [] : [`${at}: recorded ${show(recorded)}, stand-in ${show(actual)}`];
}
