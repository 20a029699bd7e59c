import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, settledMailCount } from './helpers/mailbox.ts';
import { atOrg, callMyAccount, myAccountToken } from './helpers/myaccount.ts';
import { beginSignIn, redirectUri } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';
import { NO_ORG_SCOPES_GRANTED } from '../../devstack/provider/org-server.ts';
import { STEP_UP_CHALLENGES } from '../../devstack/provider/myaccount/okta-answers.ts';

// What an Okta org may choose that the app must cope with, as the imitation
// answers it: Okta API scopes the app was not granted (`consent_required`,
// no_org_scopes_granted), a step-up with `max_age=0` and `acr_values`, no
// change-password (401 E0000015), and Okta mailing a new address itself
// unless `sendEmail` is false.

const GRANTED = [
  'okta.myAccount.profile.read',
  'okta.myAccount.profile.manage',
  'okta.myAccount.email.read',
  'okta.myAccount.email.manage',
  'okta.myAccount.password.manage',
];

let stack: TestStack;
let skew = 0;
beforeAll(async () => {
  stack = await startTestStack({
    accountClock: () => Date.now() + skew,
    myAccountScopes: GRANTED,
    myAccount: { stepUp: 'acr', changePassword: false },
  });
});
afterAll(() => stack?.stop());

describe('an org that grants the app some Okta API scopes', () => {
  it('answers a request for an ungranted one consent_required with Okta’s sentence and the state, at the org server', async () => {
    const pending = await beginSignIn(
      stack.urls,
      { scope: 'openid okta.myAccount.profile.read okta.myAccount.phone.manage' },
      atOrg(stack.urls),
    );
    const { url } = await pending.browser.follow(pending.authorizationUrl, (location) => location.startsWith(redirectUri(stack.urls)));
    const answer = new URL(url).searchParams;
    expect(answer.get('error')).toBe('consent_required');
    expect(answer.get('error_description')).toBe(NO_ORG_SCOPES_GRANTED);
    expect(answer.get('state')).toBe(pending.state);
    expect(answer.get('iss')).toBe(stack.urls.issuer);
    expect(answer.get('code')).toBeNull();
  });

  it('signs in for the granted ones', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.profile.read']);
    expect((await callMyAccount(stack.urls, token, 'GET', '/profile')).status).toBe(200);
  });
});

describe('an org whose step-up asks max_age=0 and acr_values', () => {
  it('refuses a change from an authentication not just made, with Okta’s challenge, and takes one just made', async () => {
    skew = 0;
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.profile.manage']);
    const profile = (await callMyAccount(stack.urls, token, 'GET', '/profile')).body.profile;
    expect((await callMyAccount(stack.urls, token, 'PUT', '/profile', { profile })).status).toBe(200);
    skew = 60_000;
    const late = await callMyAccount(stack.urls, token, 'PUT', '/profile', { profile });
    expect(late.status).toBe(403);
    expect(late.headers.get('www-authenticate')).toBe(STEP_UP_CHALLENGES.acr);
    expect(late.headers.get('www-authenticate')).toMatch(/max_age=0, acr_values="urn:okta:loa:2fa:any:ifpossible"/);
    const fresh = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.profile.manage']);
    expect((await callMyAccount(stack.urls, fresh, 'PUT', '/profile', { profile })).status).toBe(200);
    skew = 0;
  });
});

describe('an org without change-password', () => {
  it('answers it 401 E0000015, and the reset still goes', async () => {
    skew = 0;
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.password.manage']);
    const change = await callMyAccount(stack.urls, token, 'POST', '/password/change-password', {
      oldPassword: '123qwe',
      newPassword: 'Zomer-Dak-2026',
    });
    expect(change.status).toBe(401);
    expect(change.body).toMatchObject({ errorCode: 'E0000015' });
    const reset = await callMyAccount(stack.urls, token, 'PUT', '/password', { profile: { password: 'Zomer-Dak-2026' } });
    expect(reset.status).toBe(201);
  });
});

describe('a new e-mail address', () => {
  it('is mailed by Okta itself unless sendEmail is false, and then once per challenge', async () => {
    skew = 0;
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.email.manage']);
    await settledMailCount(stack.urls);
    const mailedByOkta = await callMyAccount(stack.urls, token, 'POST', '/emails', {
      profile: { email: 'zelf@isolatie.local' },
      role: 'SECONDARY',
    });
    expect(mailedByOkta.status).toBe(201);
    await settledMailCount(stack.urls);
    expect((await mailTo(stack.urls, 'zelf@isolatie.local')).length).toBe(1);

    const quiet = await callMyAccount(stack.urls, token, 'POST', '/emails', {
      profile: { email: 'stil@isolatie.local' },
      role: 'SECONDARY',
      sendEmail: false,
    });
    expect(quiet.status).toBe(201);
    await settledMailCount(stack.urls);
    expect((await mailTo(stack.urls, 'stil@isolatie.local')).length).toBe(0);
    expect((await callMyAccount(stack.urls, token, 'POST', `/emails/${quiet.body.id}/challenge`)).status).toBe(201);
    await settledMailCount(stack.urls);
    expect((await mailTo(stack.urls, 'stil@isolatie.local')).length).toBe(1);
  });
});
