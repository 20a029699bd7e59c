import { ENDPOINTS, type EndpointName } from '../api/endpoints.ts';

// Switches that make one endpoint misbehave, so tests can show how the app
// copes with slow, failing, garbled or dropped answers. Only active in test
// mode: outside it the registry refuses to hold anything.

/** The app's configuration file, every ABP endpoint of devstack/api/endpoints.ts by its name, and the provider's token endpoint. */
export type FaultEndpoint = 'appconfig' | EndpointName | 'token';

export const FAULT_ENDPOINTS: readonly FaultEndpoint[] = ['appconfig', ...(Object.keys(ENDPOINTS) as EndpointName[]), 'token'];

export interface Fault {
  /** Answer this status with an error body (ABP envelope, or OAuth error at the token endpoint). */
  status?: number;
  /** Wait this long before answering (combines with the other fields). */
  delayMs?: number;
  /**
   * 'malformed': 200 with JSON that is no envelope; 'html': an HTML error page; 'empty': no body;
   * 'tokenless': the endpoint's own answer with its token taken out (only at `token` and `ExternalAuthenticate`).
   */
  body?: 'malformed' | 'html' | 'empty' | 'tokenless';
  /** Drop the connection without an answer. */
  reset?: boolean;
  /** Let the endpoint do its work, then drop the connection before its answer: a lost answer (ABP endpoints only). */
  lost?: boolean;
  /** Apply to this many requests, then clear. Unlimited when absent. */
  times?: number;
}

export interface FaultRegistry {
  readonly enabled: boolean;
  set(endpoint: FaultEndpoint, fault: Fault): void;
  clear(endpoint?: FaultEndpoint): void;
  /** The fault for one request, counting it against `times`. */
  take(endpoint: FaultEndpoint): Fault | undefined;
}

/** The endpoints whose answer carries a token a `tokenless` fault can take out. */
const TOKEN_ANSWERS: readonly FaultEndpoint[] = ['token', 'ExternalAuthenticate'];

export function isFaultEndpoint(value: string): value is FaultEndpoint {
  return (FAULT_ENDPOINTS as readonly string[]).includes(value);
}

/** The switch's own spelling of a name in any case (route parameters arrive as typed). */
export function faultEndpointNamed(name: string): FaultEndpoint | undefined {
  return FAULT_ENDPOINTS.find((e) => e.toLowerCase() === name.toLowerCase());
}

export function createFaultRegistry(enabled: boolean): FaultRegistry {
  const active = new Map<FaultEndpoint, Fault>();
  return {
    enabled,
    set(endpoint, fault) {
      if (!enabled) throw new Error('Fault switches are only available when the stack runs with testMode: true.');
      if (!isFaultEndpoint(endpoint)) throw new Error(`Unknown fault endpoint "${String(endpoint)}".`);
      const parsed = parseFault(fault);
      if (parsed.body === 'tokenless' && !TOKEN_ANSWERS.includes(endpoint)) throw new Error(`"${endpoint}" answers no token to take out.`);
      if (parsed.lost && (endpoint === 'appconfig' || endpoint === 'token'))
        throw new Error(`"${endpoint}" does no work whose answer could be lost: use reset.`);
      active.set(endpoint, { ...parsed });
    },
    clear(endpoint) {
      if (endpoint === undefined) active.clear();
      else active.delete(endpoint);
    },
    take(endpoint) {
      const fault = active.get(endpoint);
      if (!fault) return undefined;
      if (fault.times !== undefined) {
        fault.times -= 1;
        if (fault.times <= 0) active.delete(endpoint);
      }
      return fault;
    },
  };
}

/** Checks a fault that arrived as JSON; throws a readable message when it is not one. */
export function parseFault(input: unknown): Fault {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new Error('A fault must be a JSON object.');
  }
  const raw = input as Record<string, unknown>;
  const known = new Set(['status', 'delayMs', 'body', 'reset', 'lost', 'times']);
  const unknownKey = Object.keys(raw).find((k) => !known.has(k));
  if (unknownKey) throw new Error(`Unknown fault field "${unknownKey}".`);

  const fault: Fault = {};
  if (raw.status !== undefined) {
    if (!Number.isInteger(raw.status) || (raw.status as number) < 200 || (raw.status as number) > 599) {
      throw new Error('status must be an HTTP status between 200 and 599.');
    }
    fault.status = raw.status as number;
  }
  if (raw.delayMs !== undefined) {
    if (typeof raw.delayMs !== 'number' || raw.delayMs < 0 || raw.delayMs > 120_000) {
      throw new Error('delayMs must be a number between 0 and 120000.');
    }
    fault.delayMs = raw.delayMs;
  }
  if (raw.body !== undefined) {
    if (raw.body !== 'malformed' && raw.body !== 'html' && raw.body !== 'empty' && raw.body !== 'tokenless') {
      throw new Error("body must be 'malformed', 'html', 'empty' or 'tokenless'.");
    }
    fault.body = raw.body;
  }
  if (raw.reset !== undefined) {
    if (typeof raw.reset !== 'boolean') throw new Error('reset must be true or false.');
    fault.reset = raw.reset;
  }
  if (raw.lost !== undefined) {
    if (typeof raw.lost !== 'boolean') throw new Error('lost must be true or false.');
    fault.lost = raw.lost;
  }
  if (raw.times !== undefined) {
    if (!Number.isInteger(raw.times) || (raw.times as number) < 1) throw new Error('times must be a whole number of at least 1.');
    fault.times = raw.times as number;
  }
  return fault;
}
