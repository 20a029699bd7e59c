import type { Route } from 'playwright-core';
import type { HeldRequest } from '../../../../devstack/faults/holds.ts';
import { headersOf } from '../../models/watch.ts';

/**
 * A request a path run holds until it chooses the outcome, wherever it is
 * held: in Chromium by playwright (`page.route`, models/gate.ts), in Firefox
 * and WebKit by the stack (`stack.holds`, devstack/faults/holds.ts). A
 * driver written against it checks the same request and gives the same
 * outcomes in every engine.
 */
export interface HeldCall {
  readonly url: URL;
  /** The request headers as sent, names in lower case. */
  headers(): Promise<Record<string, string>>;
  /** Lets it go on, to any fault switched on for it before. */
  pass(): Promise<void>;
  /** The status of the answer it got after `pass`, where the engine shows it (only playwright does); undefined elsewhere. */
  status(): Promise<number | undefined>;
  /** No answer: the browser sees a network error. */
  drop(): Promise<void>;
}

/** Where requests to one endpoint are held: each in turn, until released. */
export interface Holding {
  next(): Promise<HeldCall>;
  /** Holds no more: the requests waiting and to come go on. */
  release(): Promise<void>;
}

/** A request held in Chromium by playwright. */
export function heldRoute(route: Route): HeldCall {
  return {
    url: new URL(route.request().url()),
    headers: () => headersOf(route.request()),
    pass: () => route.continue(),
    status: async () => (await route.request().response())?.status(),
    drop: () => route.abort('connectionrefused'),
  };
}

/** A request held in the stack. */
export function heldAtServer(request: HeldRequest): HeldCall {
  return {
    url: request.url,
    headers: () => Promise.resolve({ ...request.headers }),
    pass: async () => request.pass(),
    status: () => Promise.resolve(undefined),
    drop: async () => request.drop(),
  };
}
