import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from './helpers/mailbox.ts';
import { ACCEPT, callMyAccount, myAccountToken, myAccountUrl, orgSignIn } from './helpers/myaccount.ts';
import { client, insecure } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';
import { CAUSES, RECENT_AUTHENTICATION_CHALLENGE } from '../../src/myaccount/operations.lazy.ts';

// The rules Okta publishes for its MyAccount API, as the imitation keeps
// them: a change needs an authentication at most 15 minutes old by the
// provider's clock, a DPoP-bound token counts only with the DPoP scheme and
// a proof for the call, verifying an e-mail answers 200, a wrong code is
// 401 E0000004, and a phone number already on the account is 409 E0000157
// whether or not it was confirmed.

let stack: TestStack;
let skew = 0;
beforeAll(async () => {
  stack = await startTestStack({ accountClock: () => Date.now() + skew });
});
afterAll(() => stack.stop());

describe('the 15-minute rule', () => {
  it('lets a read through and refuses a change once the authentication is older than 900 s by the provider’s clock, with Okta’s challenge', async () => {
    skew = 0;
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.profile.manage']);
    const profile = (await callMyAccount(stack.urls, token, 'GET', '/profile')).body.profile;
    expect((await callMyAccount(stack.urls, token, 'PUT', '/profile', { profile })).status).toBe(200);

    skew = 16 * 60_000;
    expect((await callMyAccount(stack.urls, token, 'GET', '/profile')).status).toBe(200);
    const late = await callMyAccount(stack.urls, token, 'PUT', '/profile', { profile });
    expect(late.status).toBe(403);
    expect(late.headers.get('www-authenticate')).toBe(RECENT_AUTHENTICATION_CHALLENGE);
    expect(late.body).toMatchObject({ errorCode: 'E0000006', errorCauses: [] });

    // A fresh sign-in on the provider's clock satisfies it again.
    const fresh = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.profile.manage']);
    expect((await callMyAccount(stack.urls, fresh, 'PUT', '/profile', { profile })).status).toBe(200);
    skew = 0;
  });

  it('keeps the sign-in’s auth_time through a refresh, so a refreshed token is no fresher', async () => {
    skew = 0;
    const { as, tokens } = await orgSignIn(stack.urls, 'monteur', ['okta.myAccount.profile.manage']);
    skew = 10 * 60_000;
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
        ...insecure,
        additionalParameters: { scope: 'okta.myAccount.profile.manage' },
      }),
    );
    // Sixteen minutes after the sign-in, six after the refresh: the sign-in's time counts.
    skew = 16 * 60_000;
    const profile = { firstName: 'Piet', lastName: 'Monteur', email: 'monteur@isolatie.local', login: 'monteur', mobilePhone: null };
    expect((await callMyAccount(stack.urls, refreshed.access_token, 'PUT', '/profile', { profile })).status).toBe(403);
    skew = 0;
  });
});

describe('DPoP-bound tokens', () => {
  async function boundToken() {
    const { as, tokens } = await orgSignIn(stack.urls, 'nieuw', ['okta.myAccount.profile.read']);
    const keys = await oauth.generateKeyPair('ES256');
    const DPoP = oauth.DPoP(client, keys);
    const ask = () =>
      oauth
        .refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
          ...insecure,
          DPoP,
          additionalParameters: { scope: 'okta.myAccount.profile.read' },
        })
        .then((response) => oauth.processRefreshTokenResponse(as, client, response));
    const answer = await ask().catch((error: unknown) => (oauth.isDPoPNonceError(error) ? ask() : Promise.reject(error)));
    return { token: answer.access_token, DPoP };
  }
  const url = () => new URL(`${myAccountUrl(stack.urls)}/profile`);

  it('accepts a bound token with the DPoP scheme and a proof carrying ath', async () => {
    const { token, DPoP } = await boundToken();
    const response = await oauth.protectedResourceRequest(token, 'GET', url(), new Headers({ Accept: ACCEPT }), null, {
      ...insecure,
      DPoP,
    });
    expect(response.status).toBe(200);
  });

  it('refuses a bound token sent as Bearer, without a proof, or with a proof for another call', async () => {
    const { token, DPoP } = await boundToken();
    const bearer = await callMyAccount(stack.urls, token, 'GET', '/profile');
    expect(bearer.status).toBe(401);
    expect(bearer.body.errorCode).toBe('E0000011');
    expect(bearer.headers.get('www-authenticate')).toMatch(/^DPoP .*error="invalid_token"/);

    const noProof = await callMyAccount(stack.urls, undefined, 'GET', '/profile', undefined, { Authorization: `DPoP ${token}` });
    expect(noProof.status).toBe(401);
    expect(noProof.headers.get('www-authenticate')).toMatch(/error="invalid_dpop_proof"/);

    // A proof made for GET /phones does not serve GET /profile.
    let proof = '';
    await oauth.protectedResourceRequest(token, 'GET', new URL(`${myAccountUrl(stack.urls)}/phones`), new Headers(), null, {
      ...insecure,
      DPoP,
      [oauth.customFetch]: async (_url, init) => {
        proof = new Headers(init.headers).get('dpop')!;
        return new Response(null, { status: 204 });
      },
    });
    const otherCall = await callMyAccount(stack.urls, undefined, 'GET', '/profile', undefined, {
      Authorization: `DPoP ${token}`,
      DPoP: proof,
    });
    expect(otherCall.status).toBe(401);
    expect(otherCall.headers.get('www-authenticate')).toMatch(/error="invalid_dpop_proof".*\/phones/);
  });
});

describe('codes and numbers as Okta answers them', () => {
  it('answers a verified e-mail with 200 and a wrong code with 401 E0000004', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.email.manage']);
    const { body: email } = await callMyAccount(stack.urls, token, 'POST', '/emails', {
      profile: { email: 'regels@isolatie.local' },
      role: 'SECONDARY',
      sendEmail: true,
    });
    const { body: challenge } = await callMyAccount(stack.urls, token, 'POST', `/emails/${email.id}/challenge`);
    const { code } = await waitForMail(stack.urls, 'regels@isolatie.local', /verificatiecode/);
    const verify = (verificationCode: string) =>
      callMyAccount(stack.urls, token, 'POST', `/emails/${email.id}/challenge/${challenge.id}/verify`, { verificationCode });
    const wrong = await verify(code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      errorCode: 'E0000004',
      errorSummary: 'Authentication failed',
      errorCauses: [{ errorSummary: CAUSES.wrongCode }],
    });
    expect(wrong.headers.get('www-authenticate')).toBeNull();
    expect((await verify(code!)).status).toBe(200);
  });

  it('refuses a number already on the account, confirmed or not, and sends a new code to it only after 30 seconds', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.phone.manage']);
    const { body: phone } = await callMyAccount(stack.urls, token, 'POST', '/phones', {
      profile: { phoneNumber: '+31687654321' },
      method: 'SMS',
      sendCode: true,
    });
    expect(phone.status).toBe('UNVERIFIED');
    const again = await callMyAccount(stack.urls, token, 'POST', '/phones', {
      profile: { phoneNumber: '+31 6 87654321' },
      method: 'SMS',
      sendCode: true,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'E0000157', errorCauses: [{ errorSummary: CAUSES.phoneExists }] });
    // The way on: a new challenge to the unconfirmed number, after 30 s.
    const soon = await callMyAccount(stack.urls, token, 'POST', `/phones/${phone.id}/challenge`, { method: 'SMS', retry: true });
    expect(soon.status).toBe(429);
    expect(soon.body.errorCode).toBe('E0000047');
    skew += 31_000;
    const later = await callMyAccount(stack.urls, token, 'POST', `/phones/${phone.id}/challenge`, { method: 'SMS', retry: true });
    expect(later.status).toBe(200);
    skew = 0;
  });
});
