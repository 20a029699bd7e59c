// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyAnswer, fetchTakingEarly, takeEarlyRequests, type EarlyRequest } from '../../src/config/early.ts';

const GET_ALL = 'https://app.example.nl/AbpUserConfiguration/GetAll';
const HEADERS = { '.AspNetCore.Culture': 'c=nl|uic=nl', 'Abp-TenantId': '1', 'X-Requested-With': 'XMLHttpRequest' };

function early(url = GET_ALL, headers: Record<string, string> = HEADERS): EarlyRequest & { response: Response } {
  const response = Response.json({ result: 'early' });
  return { url, headers, answer: Promise.resolve(response), response };
}

afterEach(() => {
  delete window.early;
  vi.unstubAllGlobals();
});

describe('an answer index.html asked for', () => {
  it('is taken only for the same address and the same headers, names compared without regard to case', async () => {
    const sent = early();
    expect(await earlyAnswer(sent, GET_ALL, new Headers(HEADERS))).toBe(sent.response);
    expect(earlyAnswer(sent, GET_ALL, { ...HEADERS, 'Abp-TenantId': '2' })).toBeUndefined();
    expect(earlyAnswer(sent, GET_ALL, { ...HEADERS, Authorization: 'Bearer t' })).toBeUndefined();
    expect(earlyAnswer(sent, GET_ALL, { '.AspNetCore.Culture': 'c=nl|uic=nl', 'X-Requested-With': 'XMLHttpRequest' })).toBeUndefined();
    expect(earlyAnswer(sent, `${GET_ALL}?x=1`, HEADERS)).toBeUndefined();
    expect(earlyAnswer(undefined, GET_ALL, HEADERS)).toBeUndefined();
  });

  it("are taken from the page once, as start-up's input", () => {
    const config = early('https://app.example.nl/assets/appconfig.production.json');
    window.early = { config };
    expect(takeEarlyRequests()).toEqual({ config });
    expect(takeEarlyRequests()).toBeUndefined();
  });

  it("GetAll serves the client's first request when it matches, and never a later one", async () => {
    const network = vi.fn(async () => Response.json({ result: 'network' }));
    vi.stubGlobal('fetch', network);
    const sent = early();
    const earlyFetch = fetchTakingEarly(Promise.resolve(sent));
    expect(await earlyFetch(new Request(GET_ALL, { headers: HEADERS }))).toBe(sent.response);
    expect(network).not.toHaveBeenCalled();
    // Asked again by the same client (the language's own GetAll): the network.
    expect(await (await earlyFetch(new Request(GET_ALL, { headers: HEADERS }))).json()).toEqual({ result: 'network' });
  });

  it('GetAll that start-up would have asked differently is asked again, and the early answer is dropped', async () => {
    const network = vi.fn(async () => Response.json({ result: 'network' }));
    vi.stubGlobal('fetch', network);
    const earlyFetch = fetchTakingEarly(Promise.resolve(early()));
    const request = new Request(GET_ALL, { headers: { ...HEADERS, '.AspNetCore.Culture': 'c=en|uic=en' } });
    expect(await (await earlyFetch(request)).json()).toEqual({ result: 'network' });
    expect(await (await earlyFetch(new Request(GET_ALL, { headers: HEADERS }))).json()).toEqual({ result: 'network' });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it("a failed early GetAll is that request's failure, not a second try", async () => {
    const network = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', network);
    const failed: EarlyRequest = { url: GET_ALL, headers: HEADERS, answer: Promise.reject(new TypeError('Failed to fetch')) };
    failed.answer.catch(() => undefined);
    const earlyFetch = fetchTakingEarly(Promise.resolve(failed));
    await expect(earlyFetch(new Request(GET_ALL, { headers: HEADERS }))).rejects.toThrow('Failed to fetch');
    expect(network).not.toHaveBeenCalled();
  });

  it("the environment's lookup (a POST) is taken only with the same body, and never by a GET", async () => {
    const network = vi.fn(async () => Response.json({ result: 'network' }));
    vi.stubGlobal('fetch', network);
    const url = 'https://app.example.nl/api/services/app/Account/IsTenantAvailable';
    const headers = { '.AspNetCore.Culture': 'c=nl|uic=nl', 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
    const lookup = (body: string) => ({ ...early(url, headers), body });
    const post = (tenancyName: string) => new Request(url, { method: 'POST', headers, body: JSON.stringify({ tenancyName }) });

    const sent = lookup(JSON.stringify({ tenancyName: 'Isolatie' }));
    let earlyFetch = fetchTakingEarly(Promise.resolve(sent));
    expect(await earlyFetch(post('Isolatie'))).toBe(sent.response);

    earlyFetch = fetchTakingEarly(Promise.resolve(lookup(JSON.stringify({ tenancyName: 'Isolatie' }))));
    expect(await (await earlyFetch(post('Noord'))).json(), 'another environment').toEqual({ result: 'network' });

    earlyFetch = fetchTakingEarly(Promise.resolve(lookup(JSON.stringify({ tenancyName: 'Isolatie' }))));
    expect(await (await earlyFetch(new Request(url, { headers }))).json(), 'a GET').toEqual({ result: 'network' });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('GetAll is never taken for a POST to its address', async () => {
    const network = vi.fn(async () => Response.json({ result: 'network' }));
    vi.stubGlobal('fetch', network);
    const earlyFetch = fetchTakingEarly(Promise.resolve(early()));
    expect(await (await earlyFetch(new Request(GET_ALL, { method: 'POST', headers: HEADERS, body: '{}' }))).json()).toEqual({
      result: 'network',
    });
  });
});
