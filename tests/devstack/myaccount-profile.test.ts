import { describe, expect, it } from 'vitest';
import { waitForMail } from './helpers/mailbox.ts';
import { callMyAccount, myAccountToken, myAccountUrl } from './helpers/myaccount.ts';
import { beginSignIn, redirectUri, signIn, submitLogin } from './helpers/sign-in.ts';
import { stackForTests } from './helpers/test-stack.ts';
import { CAUSES } from '../../src/myaccount/operations.lazy.ts';

// Profile and password at the provider's my-account API.

const stack = stackForTests();

describe('my-account profile', () => {
  it('reads the profile in Okta shape', async () => {
    const token = await myAccountToken(stack().urls, 'admin', ['okta.myAccount.profile.read']);
    const { status, body } = await callMyAccount(stack().urls, token, 'GET', '/profile');
    expect(status).toBe(200);
    expect(body).toEqual({
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      profile: { firstName: 'Beheerder', lastName: 'Admin', email: 'admin@isolatie.local', login: 'admin', mobilePhone: null },
      _links: {
        self: { href: `${myAccountUrl(stack().urls)}/profile`, hints: { allow: ['GET', 'PUT'] } },
        describedBy: { href: `${myAccountUrl(stack().urls)}/profile/schema`, hints: { allow: ['GET'] } },
      },
    });
  });

  it('describes which fields can change', async () => {
    const token = await myAccountToken(stack().urls, 'admin', ['okta.myAccount.profile.read']);
    const { body } = await callMyAccount(stack().urls, token, 'GET', '/profile/schema');
    expect(Object.keys(body.properties)).toEqual(['firstName', 'lastName', 'email', 'login', 'mobilePhone']);
    expect(body.properties.firstName).toMatchObject({ title: 'First name', mutability: 'READ_WRITE' });
    expect(body.properties.mobilePhone).toMatchObject({ required: false, mutability: 'READ_WRITE' });
    expect(body.properties.email.mutability).toBe('READ_ONLY');
  });

  it('replaces the names, and the next ID token has them', async () => {
    const token = await myAccountToken(stack().urls, 'nieuw', ['okta.myAccount.profile.manage']);
    const put = await callMyAccount(stack().urls, token, 'PUT', '/profile', {
      profile: { firstName: ' Nina ', lastName: 'Nieuwkomer', email: 'nieuw@isolatie.local', login: 'nieuw', mobilePhone: null },
    });
    expect(put.status).toBe(200);
    expect(put.body.profile).toEqual({
      firstName: 'Nina',
      lastName: 'Nieuwkomer',
      email: 'nieuw@isolatie.local',
      login: 'nieuw',
      mobilePhone: null,
    });
    const { idTokenClaims } = await signIn(stack().urls, 'nieuw');
    expect(idTokenClaims).toMatchObject({ given_name: 'Nina', family_name: 'Nieuwkomer', name: 'Nina Nieuwkomer' });
  });

  it('validates the whole profile: every attribute GET returns must come back, read-only ones unchanged, with Okta’s sentences', async () => {
    const token = await myAccountToken(stack().urls, 'monteur', ['okta.myAccount.profile.manage']);
    const { status, body } = await callMyAccount(stack().urls, token, 'PUT', '/profile', {
      profile: { firstName: '', lastName: 'x'.repeat(51), login: 'baas', shoeSize: 44 },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: forUpdate', errorLink: 'E0000001' });
    expect(body.errorCauses).toEqual([
      { errorSummary: CAUSES.unknownProperty('shoeSize') },
      { errorSummary: CAUSES.blank('firstName') },
      { errorSummary: CAUSES.tooLong('lastName') },
      { errorSummary: CAUSES.missingProperty('email') },
      { errorSummary: CAUSES.readOnlyProperty('login') },
      { errorSummary: CAUSES.missingProperty('mobilePhone') },
    ]);
    // Only the names, as an app that forgot Okta's rule sends them.
    const partial = await callMyAccount(stack().urls, token, 'PUT', '/profile', { profile: { firstName: 'Piet', lastName: 'Monteur' } });
    expect(partial.status).toBe(400);
    expect(partial.body.errorCauses.map((cause: { errorSummary: string }) => cause.errorSummary)).toEqual(
      ['email', 'login', 'mobilePhone'].map(CAUSES.missingProperty),
    );
    // Causes are sentences only, as at Okta.
    expect(Object.keys(body.errorCauses[0])).toEqual(['errorSummary']);
  });
});

describe('my-account password', () => {
  it('shows the password status', async () => {
    const token = await myAccountToken(stack().urls, 'admin', ['okta.myAccount.password.read']);
    const { status, body } = await callMyAccount(stack().urls, token, 'GET', '/password');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ACTIVE', created: expect.any(String), lastUpdated: expect.any(String) });
  });

  it('refuses a wrong current password', async () => {
    const token = await myAccountToken(stack().urls, 'admin', ['okta.myAccount.password.manage']);
    const { status, body } = await callMyAccount(stack().urls, token, 'POST', '/password/change-password', {
      oldPassword: 'fout-fout',
      newPassword: 'Dakgoot-Zolder-7',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: 'E0000001', errorCauses: [{ errorSummary: CAUSES.wrongOldPassword }] });
  });

  it('refuses a weak new password with Okta’s list of the rules', async () => {
    const token = await myAccountToken(stack().urls, 'admin', ['okta.myAccount.password.manage']);
    const change = async (newPassword: string) =>
      callMyAccount(stack().urls, token, 'POST', '/password/change-password', { oldPassword: '123qwe', newPassword });
    // Okta names the rules, not which one was broken.
    for (const newPassword of ['kort', 'Admin2024!', 'wachtwoord', 'admin', '123qwe']) {
      const { status, body } = await change(newPassword);
      expect(status, newPassword).toBe(400);
      expect(body.errorCode).toBe('E0000001');
      expect(body.errorCauses).toEqual([
        {
          errorSummary: expect.stringMatching(
            /^password: Password requirements were not met\. Password requirements: at least 8 characters/,
          ),
        },
      ]);
    }
    const missing = await callMyAccount(stack().urls, token, 'POST', '/password/change-password', { newPassword: 'Dakgoot-Zolder-7' });
    expect(missing.body).toMatchObject({ errorCode: 'E0000001', errorCauses: [{ errorSummary: CAUSES.blank('oldPassword') }] });
  });

  it('changes the password in the user store: the next sign-in needs the new one', async () => {
    const token = await myAccountToken(stack().urls, 'monteur', ['okta.myAccount.password.manage']);
    const { status, body } = await callMyAccount(stack().urls, token, 'POST', '/password/change-password', {
      oldPassword: '123qwe',
      newPassword: 'Spouwmuur-Isolatie-9',
    });
    expect(status).toBe(204);
    expect(body).toBeUndefined();
    await waitForMail(stack().urls, 'monteur@isolatie.local', /wachtwoord is gewijzigd/);

    const old = await submitLogin(stack().urls, await beginSignIn(stack().urls), 'monteur', '123qwe');
    expect(await old.response.text()).toContain('Onbekende gebruikersnaam of onjuist wachtwoord.');
    const fresh = await submitLogin(stack().urls, await beginSignIn(stack().urls), 'monteur', 'Spouwmuur-Isolatie-9');
    expect(fresh.url.startsWith(redirectUri(stack().urls))).toBe(true);
  });
});
