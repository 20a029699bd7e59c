/**
 * Start-up's first two requests leave from index.html's inline script while
 * the bundle loads: the config as the HTML is parsed, GetAll as soon as the
 * config has answered. Start-up takes an answer only when it would have asked
 * exactly so (the same address and headers); otherwise it asks again.
 * Not in a silent renewal's frame or a sign-in popup (the callback page
 * there only hands its address over and starts nothing). Under `npm run dev`
 * the app's config file has another name: the early answer goes unused.
 */
export interface EarlyRequest {
  /** The address. */
  u: string;
  /** The headers, as src/abp/headers.ts makes them (with a bearer the language goes in the address's `?culture=`, never the header, which ABP would save as the person's). */
  h: Record<string, string>;
  /** The answer. */
  p: Promise<Response>;
}

declare global {
  interface Window {
    /** Set by index.html's script: the config request, and GetAll once the config has answered (undefined: not sent). */
    early?: { c?: EarlyRequest; g?: Promise<EarlyRequest | undefined> };
  }
}

function sameHeaders(early: Record<string, string>, headers: Headers | Record<string, string>): boolean {
  const own = new Headers(headers);
  const sent = new Headers(early);
  return [...own].length === [...sent].length && [...own].every(([name, value]) => sent.get(name) === value);
}

/** The early answer if it was asked for as `url` with `headers`. */
export function earlyAnswer(early: EarlyRequest | undefined, url: string, headers: Headers | Record<string, string>): Promise<Response> | undefined {
  return early && early.u === url && sameHeaders(early.h, headers) ? early.p : undefined;
}

/** The config request index.html sent, once. */
export function takeEarlyConfig(): EarlyRequest | undefined {
  const early = window.early?.c;
  if (early) window.early!.c = undefined;
  return early;
}

let getAll: EarlyRequest | undefined;

/** Waits until index.html's script has sent GetAll or decided not to; the next request of a start-up client may take its answer. */
export async function armEarlyGetAll(): Promise<void> {
  const early = window.early;
  getAll = await early?.g;
  if (early) early.g = undefined;
}

/** The fetch of start-up's client: the first request after `armEarlyGetAll` takes the early GetAll when it matches. */
export function earlyFetch(request: Request, init?: RequestInit): Promise<Response> {
  const early = getAll;
  getAll = undefined;
  return (request.method === 'GET' && earlyAnswer(early, request.url, request.headers)) || fetch(request, init);
}
