import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from './helpers/mailbox.ts';
import { callMyAccount, myAccountToken, myAccountUrl } from './helpers/myaccount.ts';
import { beginSignIn, redirectUri, signIn, submitLogin } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// Profile and password at the provider's my-account API.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('my-account profile', () => {
  it('reads the profile in Okta shape', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.profile.read']);
    const { status, body } = await callMyAccount(stack.urls, token, 'GET', '/profile');
    expect(status).toBe(200);
    expect(body).toEqual({
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      profile: { firstName: 'Beheerder', lastName: 'Admin', email: 'admin@isolatie.local', login: 'admin' },
      _links: {
        self: { href: `${myAccountUrl(stack.urls)}/profile`, hints: { allow: ['GET', 'PUT'] } },
        describedBy: { href: `${myAccountUrl(stack.urls)}/profile/schema`, hints: { allow: ['GET'] } },
      },
    });
  });

  it('describes which fields can change', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.profile.read']);
    const { body } = await callMyAccount(stack.urls, token, 'GET', '/profile/schema');
    expect(Object.keys(body.properties)).toEqual(['firstName', 'lastName', 'email', 'login']);
    expect(body.properties.firstName).toMatchObject({ title: 'Voornaam', mutability: 'READ_WRITE' });
    expect(body.properties.email.mutability).toBe('READ_ONLY');
  });

  it('replaces the names, and the next ID token has them', async () => {
    const token = await myAccountToken(stack.urls, 'nieuw', ['okta.myAccount.profile.manage']);
    const put = await callMyAccount(stack.urls, token, 'PUT', '/profile', {
      profile: { firstName: ' Nina ', lastName: 'Nieuwkomer', email: 'nieuw@isolatie.local', login: 'nieuw' },
    });
    expect(put.status).toBe(200);
    expect(put.body.profile).toEqual({ firstName: 'Nina', lastName: 'Nieuwkomer', email: 'nieuw@isolatie.local', login: 'nieuw' });
    const { idTokenClaims } = await signIn(stack.urls, 'nieuw');
    expect(idTokenClaims).toMatchObject({ given_name: 'Nina', family_name: 'Nieuwkomer', name: 'Nina Nieuwkomer' });
  });

  it('refuses empty names and changes to read-only fields, naming each', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.profile.manage']);
    const { status, body } = await callMyAccount(stack.urls, token, 'PUT', '/profile', {
      profile: { firstName: '', lastName: 'x'.repeat(51), login: 'baas' },
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_request');
    expect(body.errorCauses.map((c: { property: string; reason: string }) => [c.property, c.reason])).toEqual([
      ['firstName', 'required'],
      ['lastName', 'too_long'],
      ['login', 'read_only'],
    ]);
  });
});

describe('my-account password', () => {
  it('shows the password status', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.password.read']);
    const { status, body } = await callMyAccount(stack.urls, token, 'GET', '/password');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ACTIVE', created: expect.any(String), lastUpdated: expect.any(String) });
  });

  it('refuses a wrong current password', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.password.manage']);
    const { status, body } = await callMyAccount(stack.urls, token, 'POST', '/password/change-password', {
      oldPassword: 'fout-fout', newPassword: 'Dakgoot-Zolder-7',
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('wrong_current_password');
  });

  it('refuses a weak new password, listing every broken rule', async () => {
    const token = await myAccountToken(stack.urls, 'admin', ['okta.myAccount.password.manage']);
    const change = async (newPassword: string) =>
      callMyAccount(stack.urls, token, 'POST', '/password/change-password', { oldPassword: '123qwe', newPassword });
    const reasons = async (newPassword: string) => {
      const { status, body } = await change(newPassword);
      expect(status).toBe(400);
      expect(body.errorCode).toBe('weak_password');
      return body.errorCauses.map((c: { reason: string }) => c.reason);
    };
    expect(await reasons('kort')).toEqual(['too_short']);
    expect(await reasons('Admin2024!')).toEqual(['contains_user_name']);
    expect(await reasons('wachtwoord')).toEqual(['common_password']);
    expect(await reasons('admin')).toEqual(['too_short', 'contains_user_name']);
    expect(await reasons('123qwe')).toEqual(['too_short', 'same_as_current']);
    const missing = await callMyAccount(stack.urls, token, 'POST', '/password/change-password', { newPassword: 'Dakgoot-Zolder-7' });
    expect(missing.body).toMatchObject({ errorCode: 'invalid_request', errorCauses: [{ property: 'oldPassword', reason: 'required' }] });
  });

  it('changes the password in the user store: the next sign-in needs the new one', async () => {
    const token = await myAccountToken(stack.urls, 'monteur', ['okta.myAccount.password.manage']);
    const { status, body } = await callMyAccount(stack.urls, token, 'POST', '/password/change-password', {
      oldPassword: '123qwe', newPassword: 'Spouwmuur-Isolatie-9',
    });
    expect(status).toBe(204);
    expect(body).toBeUndefined();
    await waitForMail(stack.urls, 'monteur@isolatie.local', /wachtwoord is gewijzigd/);

    const old = await submitLogin(stack.urls, await beginSignIn(stack.urls), 'monteur', '123qwe');
    expect(await old.response.text()).toContain('Onbekende gebruikersnaam of onjuist wachtwoord.');
    const fresh = await submitLogin(stack.urls, await beginSignIn(stack.urls), 'monteur', 'Spouwmuur-Isolatie-9');
    expect(fresh.url.startsWith(redirectUri(stack.urls))).toBe(true);
  });
});
