// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOverPopupCallback, POPUP_MESSAGE } from '../../src/auth/popupProtocol.lazy.ts';
import { announcePopupArrival, POPUP_ARRIVED, POPUP_CHANNEL, POPUP_RECEIVED } from '../../src/lib/popupChannel.lazy.ts';
import { waitForCallback } from '../../src/signin/popup.lazy.ts';

/**
 * The popup's hand-over, both ends on the real BroadcastChannel between them:
 * the opener that cannot see a popup a Cross-Origin-Opener-Policy cut off
 * (it looks closed), and the popup's callback page.
 */
const STATE = 'popup.abc123';
const GRACE_MS = 200;
const callbackHref = (state = STATE) => `${location.origin}/account/logincallback?code=the-code&state=${state}&iss=x`;

/** The other end of the channel, keeping what it heard. */
function otherEnd() {
  const channel = new BroadcastChannel(POPUP_CHANNEL);
  const heard: unknown[] = [];
  channel.onmessage = (event: MessageEvent) => heard.push(event.data);
  return { channel, heard };
}
const ends: BroadcastChannel[] = [];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  for (const channel of ends.splice(0)) channel.close();
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('the opener', () => {
  it('takes a popup that looks closed and said nothing as closed, after the grace period', async () => {
    expect(await waitForCallback({ closed: true }, STATE, GRACE_MS)).toBe('closed');
  });

  it('waits past the grace period for a popup that said it is back, takes its callback and says it has it', async () => {
    const { channel, heard } = otherEnd();
    ends.push(channel);
    const outcome = waitForCallback({ closed: true }, STATE, GRACE_MS);
    channel.postMessage({ type: POPUP_ARRIVED, state: STATE });
    await pause(5 * GRACE_MS);
    channel.postMessage({ type: POPUP_MESSAGE, href: callbackHref() });
    const parameters = await outcome;
    expect(parameters).toBeInstanceOf(URLSearchParams);
    expect((parameters as URLSearchParams).get('code')).toBe('the-code');
    await vi.waitFor(() => expect(heard).toContainEqual({ type: POPUP_RECEIVED, state: STATE }));
  });

  it('takes another sign-in’s notice and callback as nothing', async () => {
    const { channel } = otherEnd();
    ends.push(channel);
    const outcome = waitForCallback({ closed: true }, STATE, GRACE_MS);
    channel.postMessage({ type: POPUP_ARRIVED, state: 'popup.other' });
    channel.postMessage({ type: POPUP_MESSAGE, href: callbackHref('popup.other') });
    expect(await outcome).toBe('closed');
  });
});

describe('the popup’s callback page', () => {
  it('says at once that it is back, only for a popup sign-in’s state', async () => {
    const { channel, heard } = otherEnd();
    ends.push(channel);
    history.replaceState(null, '', '/account/logincallback?code=c&state=silent.x');
    announcePopupArrival();
    history.replaceState(null, '', `/account/logincallback?code=c&state=${STATE}`);
    announcePopupArrival();
    await vi.waitFor(() => expect(heard).toEqual([{ type: POPUP_ARRIVED, state: STATE }]));
    await pause(100);
    expect(heard, 'once, and nothing for the silent frame’s state').toHaveLength(1);
  });

  it('sends its callback again until the opener says it has it, then closes, and leaves no code in its address', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const { channel, heard } = otherEnd();
    ends.push(channel);
    history.replaceState(null, '', `/account/logincallback?code=the-code&state=${STATE}&iss=x`);
    expect(handOverPopupCallback()).toBe(true);
    expect(location.search, 'the code is not left in the address').toBe('');
    await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(2), { timeout: 3_000 });
    expect(heard[0]).toEqual({ type: POPUP_MESSAGE, href: callbackHref() });
    expect(close, 'not before the opener has it').not.toHaveBeenCalled();
    channel.postMessage({ type: POPUP_RECEIVED, state: 'popup.other' });
    await pause(100);
    expect(close, 'another sign-in’s receipt is not this one’s').not.toHaveBeenCalled();
    channel.postMessage({ type: POPUP_RECEIVED, state: STATE });
    await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    const sent = heard.length;
    await pause(1_000);
    expect(heard.length, 'nothing is sent once it was received').toBe(sent);
  });
});
