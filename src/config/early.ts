/**
 * Start-up's first requests leave from index.html's inline script
 * (earlyRequests.ts, written into the page by the build) while the bundle
 * loads: the config as the HTML is parsed, GetAll as soon as the
 * config has answered. A browser that has chosen no environment, where the
 * config names one (`tenancyName`), first looks that one up
 * (`Account/IsTenantAvailable`) and sends GetAll in it: a new phone's first
 * start does not wait for the bundle before those two round trips. Start-up
 * takes an answer only when it would have asked exactly so (the same
 * method, address, headers and body); otherwise it asks again.
 * Not in a silent renewal's frame or a sign-in popup (the callback page
 * there only hands its address over and starts nothing).
 */
export interface EarlyRequest {
  /** The address. */
  u: string;
  /** The headers, as src/abp/headers.ts makes them (with a bearer the language goes in the address's `?culture=`, never the header, which ABP would save as the person's). */
  h: Record<string, string>;
  /** The answer. */
  p: Promise<Response>;
  /** The body of a POST (the environment's lookup); a GET has none. */
  b?: string;
}

declare global {
  interface Window {
    /**
     * Set by index.html's script (earlyRequests.ts): the config request; the configured
     * environment's lookup once the config has answered; GetAll after them
     * (a promise of undefined: not sent).
     */
    early?: { c?: EarlyRequest; t?: Promise<EarlyRequest | undefined>; g?: Promise<EarlyRequest | undefined> };
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
  return early && early.u === url && sameHeaders(early.h, headers) ? early.p : undefined;
}

/** The config request index.html sent, once. */
export function takeEarlyConfig(): EarlyRequest | undefined {
  const early = window.early?.c;
  if (early) window.early!.c = undefined;
  return early;
}

let armed: EarlyRequest | undefined;

/**
 * Waits until index.html's script has sent the environment's lookup (`t`) or
 * GetAll (`g`), or decided not to; the next request of a start-up client may
 * take its answer.
 */
export async function armEarly(which: 't' | 'g'): Promise<void> {
  const early = window.early;
  armed = await early?.[which];
  if (early) early[which] = undefined;
}

/** The fetch of start-up's client: the first request after `armEarly` takes the early answer when it matches. */
export async function earlyFetch(request: Request, init?: RequestInit): Promise<Response> {
  const early = armed;
  armed = undefined;
  const matches =
    early !== undefined &&
    request.method === (early.b === undefined ? 'GET' : 'POST') &&
    (early.b === undefined || (await request.clone().text()) === early.b);
  return (matches && earlyAnswer(early, request.url, request.headers)) || fetch(request, init);
}
