import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FaultEndpoint } from './registry.ts';

// Holds: the stack keeps a request waiting until the test lets it go, so a
// test can look at the screen while the request is under way and then pick
// its outcome. For engines that cannot hold a request in the browser
// (WebKit's classic WebDriver). Only in test mode, as the fault switches; a
// CORS preflight (OPTIONS) is never held.

/** What can be held: every fault endpoint, the provider's revocation and authorization, and two of the app server's files. */
export type HoldEndpoint =
  | FaultEndpoint
  /** The provider's /token/revocation. */
  | 'revocation'
  /** The provider's authorization endpoint (GET /v1/authorize of the server that signs people in): a sign-in's first request, in a popup or the page. */
  | 'authorize'
  /** The app server's assets/messages-*.js (a catalog loaded on demand). */
  | 'catalog chunk'
  /** The app server's assets/signOut.lazy-*.js. */
  | 'sign-out code';

export interface HeldRequest {
  readonly method: string;
  readonly url: URL;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** Lets it go on to its handler, which then takes any fault switched on for it. */
  pass(): void;
  /** Ends it with no answer the browser can read (`dropConnection`): the browser sees a network error. */
  drop(): void;
}

export interface ServerGate {
  /** The next request held at this endpoint, in order of arrival (rejects after `timeoutMs`, default 10 s, naming the endpoint). */
  next(timeoutMs?: number): Promise<HeldRequest>;
  /** Holds no more: requests waiting and to come pass. */
  release(): void;
}

export interface HoldRegistry {
  /** From now on every request to the endpoint waits until the test lets it go. */
  hold(endpoint: HoldEndpoint): ServerGate;
  /** Releases every gate (after each test). */
  clear(): void;
}

/** What a held request turned into. */
export type HoldOutcome = 'pass' | 'drop';

/** A request as the server saw it arrive. */
export interface ArrivingRequest {
  method: string;
  url: URL;
  headers: Headers | IncomingHttpHeaders;
  /** Settles when the client goes away before an answer: the request leaves the queue. */
  gone?: Promise<unknown>;
}

/** The servers' side: where a request waits when its endpoint is held. */
export interface HoldPoints {
  /** Resolves at once with `pass` when the endpoint is not held or the request is a preflight. */
  arrive(endpoint: HoldEndpoint, request: ArrivingRequest): Promise<HoldOutcome>;
}

export type Holds = HoldRegistry & HoldPoints;

/** Header names in lower case, repeated values joined as HTTP joins them. */
function headerRecord(headers: Headers | IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => (record[name.toLowerCase()] = value));
    return record;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

interface Waiting {
  request: HeldRequest;
  settled: () => boolean;
}

const PASSED: Promise<HoldOutcome> = Promise.resolve('pass');

export function createHoldRegistry(enabled: boolean): Holds {
  const gates = new Map<HoldEndpoint, Gate>();

  class Gate implements ServerGate {
    /** Arrived and not yet handed to the test. */
    private readonly queue: Waiting[] = [];
    /** Tests waiting for the next arrival. */
    private readonly takers: Array<(waiting: Waiting) => void> = [];
    /** Every undecided request, handed out or not: a release passes them all. */
    private readonly undecided = new Set<HeldRequest>();
    constructor(private readonly endpoint: HoldEndpoint) {}

    admit(arriving: ArrivingRequest): Promise<HoldOutcome> {
      return new Promise<HoldOutcome>((resolve) => {
        let outcome: HoldOutcome | undefined;
        const decide = (chosen: HoldOutcome) => {
          if (outcome) return;
          outcome = chosen;
          this.undecided.delete(request);
          resolve(chosen);
        };
        const request: HeldRequest = {
          method: arriving.method,
          url: arriving.url,
          headers: Object.freeze(headerRecord(arriving.headers)),
          pass: () => decide('pass'),
          drop: () => decide('drop'),
        };
        const waiting: Waiting = { request, settled: () => outcome !== undefined };
        this.undecided.add(request);
        void arriving.gone?.then(() => {
          // A client that gave up is no longer waiting: nobody is handed it.
          const index = this.queue.indexOf(waiting);
          if (index >= 0) this.queue.splice(index, 1);
          decide('drop');
        });
        const taker = this.takers.shift();
        if (taker) taker(waiting);
        else this.queue.push(waiting);
      });
    }

    next(timeoutMs = 10_000): Promise<HeldRequest> {
      const waiting = this.queue.shift();
      if (waiting) return Promise.resolve(waiting.request);
      return new Promise<HeldRequest>((resolve, reject) => {
        const taker = (arrived: Waiting) => {
          clearTimeout(timer);
          resolve(arrived.request);
        };
        const timer = setTimeout(() => {
          const index = this.takers.indexOf(taker);
          if (index >= 0) this.takers.splice(index, 1);
          reject(new Error(`No request arrived at the held endpoint "${this.endpoint}" within ${timeoutMs} ms.`));
        }, timeoutMs);
        this.takers.push(taker);
      });
    }

    release(): void {
      if (gates.get(this.endpoint) === this) gates.delete(this.endpoint);
      this.queue.length = 0;
      for (const request of [...this.undecided]) request.pass();
    }
  }

  return {
    hold(endpoint) {
      if (!enabled) throw new Error('Holds are only available when the stack runs with testMode: true.');
      let gate = gates.get(endpoint);
      if (!gate) {
        gate = new Gate(endpoint);
        gates.set(endpoint, gate);
      }
      return gate;
    },
    clear() {
      for (const gate of [...gates.values()]) gate.release();
    },
    arrive(endpoint, request) {
      const gate = enabled && request.method !== 'OPTIONS' ? gates.get(endpoint) : undefined;
      return gate ? gate.admit(request) : PASSED;
    },
  };
}

/** The app server's files that can be held, by their built name. */
export function heldAsset(path: string): HoldEndpoint | undefined {
  if (/^\/assets\/messages-[^/]*\.js$/.test(path)) return 'catalog chunk';
  if (/^\/assets\/signOut\.lazy-[^/]*\.js$/.test(path)) return 'sign-out code';
  return undefined;
}

/** Nothing held: for servers built without a registry. */
export const NO_HOLDS: HoldPoints = { arrive: () => PASSED };

/** Settles when the answer is over or the client has gone, whichever comes first. */
export function goneOf(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => response.once('close', () => resolve()));
}

/**
 * What a dropped request gets: a status line without a status and two
 * lengths, which Chromium, Firefox and WebKit all report as a network error.
 * A connection that merely closes is not enough: each browser then sends a
 * GET again by itself (Firefox up to ten times, Chromium and WebKit over a
 * connection they had kept open), and the page would not see the failure.
 */
const UNREADABLE_ANSWER = 'HTTP/1.1 ???\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n';

/** Ends a dropped request's connection (a client that went away has nothing to read). */
export function dropConnection(socket: Duplex): void {
  if (!socket.destroyed) socket.end(UNREADABLE_ANSWER);
}
