/**
 * Start-up's first requests leave from index.html's inline script
 * (earlyRequests.ts, written into the page by the build) while the bundle
 * loads: the config as the HTML is parsed, GetAll as soon as the
 * config has answered. A browser that has chosen no environment, where the
 * config names one (`tenancyName`), first looks that one up
 * (`Account/IsTenantAvailable`) and sends GetAll in it: a new phone's first
 * start does not wait for the bundle before those two round trips. They are
 * the start-up machine's input (boot/bootActor.ts), which hands each to the
 * actor of its request on the first pass; that actor takes the answer only
 * when it would have asked exactly so (the same method, address, headers and
 * body), and otherwise asks again.
 * Not in a silent renewal's frame or a sign-in popup (the callback page
 * there only hands its address over and starts nothing).
 */
export interface EarlyRequest {
  /** The address. */
  url: string;
  /** The headers, as src/abp/headers.ts makes them (with a bearer the language goes in the address's `?culture=`, never the header, which ABP would save as the person's). */
  headers: Record<string, string>;
  /** The answer. */
  answer: Promise<Response>;
  /** The body of a POST (the environment's lookup); a GET has none. */
  body?: string;
}

declare global {
  interface Window {
    /**
     * Set by index.html's script (earlyRequests.ts): the config request; the configured
     * environment's lookup once the config has answered; GetAll after them
     * (a promise of undefined: not sent).
     */
    early?: { config?: EarlyRequest; tenant?: Promise<EarlyRequest | undefined>; getAll?: Promise<EarlyRequest | undefined> };
  }
}

function sameHeaders(early: Record<string, string>, headers: Headers | Record<string, string>): boolean {
  const own = new Headers(headers);
  const sent = new Headers(early);
  return [...own].length === [...sent].length && [...own].every(([name, value]) => sent.get(name) === value);
}

/** The early answer if it was asked for as `url` with `headers`. */
export function earlyAnswer(
  early: EarlyRequest | undefined,
  url: string,
  headers: Headers | Record<string, string>,
): Promise<Response> | undefined {
  return early && early.url === url && sameHeaders(early.headers, headers) ? early.answer : undefined;
}

/** What index.html's script sent, taken once: start-up's input (boot/bootActor.ts), which hands each answer to the actor of its request. */
export type EarlyRequests = NonNullable<Window['early']>;

/** index.html's early requests, taken from the page once: a second start-up actor of the page (none is made) would ask for itself. */
export function takeEarlyRequests(): EarlyRequests | undefined {
  const early = window.early;
  delete window.early;
  return early;
}

/**
 * A fetch for one of start-up's clients: its first request takes the answer
 * of `early` (index.html's request of the same kind, or the promise of it)
 * when it was asked exactly as index.html asked it; every other request, and
 * that one otherwise, goes to the network.
 */
export function fetchTakingEarly(
  early: EarlyRequest | Promise<EarlyRequest | undefined> | undefined,
): (request: Request, init?: RequestInit) => Promise<Response> {
  let waiting = early;
  return async (request, init) => {
    const sent = await waiting;
    waiting = undefined;
    const matches =
      sent !== undefined &&
      request.method === (sent.body === undefined ? 'GET' : 'POST') &&
      (sent.body === undefined || (await request.clone().text()) === sent.body);
    return (matches && earlyAnswer(sent, request.url, request.headers)) || fetch(request, init);
  };
}
