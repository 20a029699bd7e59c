import { afterEach, describe, expect, it } from 'vitest';
import { requestProviderTokens, startTokenSharing } from '../../src/auth/providerTokenSharing.ts';
import type { TokenGrant } from '../../machines/token.types.ts';
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

// Last in the file: once started, this module's sharing stays joined.
describe('a renewal another tab announces', () => {
  it('reaches this tab with the grant that tab announced, and with none from a tab of an older build or an odd one', async () => {
    const renewed: (TokenGrant | undefined)[] = [];
    startTokenSharing(
      () => {},
      (grant) => renewed.push(grant),
    );
    const tab = new BroadcastChannel('oidc.tokens');
    open.push(tab);
    const grant: TokenGrant = { expiresAt: 1_800_000_000_000, lifetimeMs: 68_000, renewLate: false };
    tab.postMessage({ type: 'renewed', grant });
    tab.postMessage({ type: 'renewed' });
    tab.postMessage({ type: 'renewed', grant: { expiresAt: 'soon' } });

    await expect.poll(() => renewed.length).toBe(3);
    expect(renewed).toEqual([grant, undefined, undefined]);
  });
});
