import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../../../devstack/test-stack.ts';
import { ENGINES_SEEING_REQUESTS, launchEngine, type SeenRequest, type Tab } from '../support/driver.ts';
import { startTestStack } from '../support/stack.ts';
import { SOON_MS } from '../../support/limits.ts';

/**
 * The browsers the tests drive keep a provider's cookie from a frame on the
 * app's page, as Chrome (phasing them out), Firefox (Total Cookie
 * Protection) and Safari do for staff. An app that needs that cookie for a
 * silent `prompt=none` renewal or a silent token fails in these tests as it
 * would for a person. Each engine is also run with third-party cookies
 * allowed, to show that the check would see the cookie if it were sent.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Opens the provider's discovery document in a frame on the app's login page; the frame's request. */
async function frameRequest(tab: Tab): Promise<SeenRequest> {
  const framed = new URL('/.well-known/openid-configuration?in=frame', stack.urls.issuer).href;
  await tab.goto(new URL('/account/login', stack.urls.app).href);
  // The app's CSP allows frames of the provider (its silent renewal), so this frame is one the app could make.
  await tab.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.hidden = true;
    document.body.append(frame);
  }, framed);
  await expect.poll(() => tab.requests.find((request) => request.url === framed), { timeout: SOON_MS }).toBeTruthy();
  const request = tab.requests.find((seen) => seen.url === framed)!;
  await request.sent;
  return request;
}

async function topLevelRequest(tab: Tab): Promise<SeenRequest> {
  const top = new URL('/.well-known/openid-configuration?in=tab', stack.urls.issuer).href;
  await tab.goto(top);
  const request = tab.requests.find((seen) => seen.url === top)!;
  await request.sent;
  return request;
}

const cookieOf = (request: SeenRequest) => request.headers.cookie ?? '';

describe.each(ENGINES_SEEING_REQUESTS)('%s', (engine) => {
  it("does not send the provider's cookie from a frame on the app's page", async () => {
    expect(new URL(stack.urls.issuer).hostname, 'the provider is on a site of its own').not.toBe(new URL(stack.urls.app).hostname);
    const browser = await launchEngine(engine);
    try {
      const tab = await browser.newTab();
      await tab.setCookie(stack.urls.issuer, 'sid', 'provider-session');
      expect(cookieOf(await topLevelRequest(tab)), 'on the provider itself').toContain('sid=provider-session');
      expect(cookieOf(await frameRequest(tab)), "in a frame on the app's page").not.toContain('sid=');
    } finally {
      await browser.close();
    }
  });

  // The control: the same frame, with third-party cookies allowed (Chromium:
  // a profile with Chrome's "Allow third-party cookies", support/driver.ts;
  // Firefox: cookieBehavior 0), must see the cookie, so the check above can fail.
  it('would see it sent, were third-party cookies allowed', async () => {
    const browser = await launchEngine(engine, { thirdPartyCookies: 'allowed' });
    try {
      const tab = await browser.newTab();
      await tab.setCookie(stack.urls.issuer, 'sid', 'provider-session');
      expect(cookieOf(await frameRequest(tab))).toContain('sid=provider-session');
    } finally {
      await browser.close();
    }
  });
});
