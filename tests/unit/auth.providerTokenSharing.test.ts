import { afterEach, describe, expect, it } from 'vitest';
import { requestProviderTokens } from '../../src/auth/providerTokenSharing.ts';
import type { ProviderTokens } from '../../src/auth/providerTokens.ts';

/** Another tab of the app that holds the sign-in's tokens and answers a request for them, as providerTokenSharing's own listener does. */
function otherTab(tokens: ProviderTokens): BroadcastChannel {
  const tab = new BroadcastChannel('oidc.tokens');
  tab.addEventListener('message', (event: MessageEvent<{ type: string }>) => {
    if (event.data.type === 'request') tab.postMessage({ type: 'reply', tokens });
  });
  return tab;
}

const open: BroadcastChannel[] = [];
afterEach(() => {
  for (const tab of open.splice(0)) tab.close();
});

describe('requestProviderTokens in a tab whose sharing has not started', () => {
  it('still asks the other tabs, and gets the signed-in person’s tokens', async () => {
    const tokens: ProviderTokens = { accessToken: '', idToken: 'id', refreshToken: 'rt', expiresAt: 1, subject: 'idp-0001-admin' };
    open.push(otherTab(tokens));
    expect(await requestProviderTokens()).toEqual(tokens);
  });

  it('resolves undefined when no tab answers', async () => {
    expect(await requestProviderTokens(50)).toBeUndefined();
  });
});
