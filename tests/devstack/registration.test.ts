import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRegistrationRoutes } from '../../devstack/provider/account/registration.ts';
import { accountRoutesAlone, landing, openPage, postForm, submitPage } from './helpers/account-pages.ts';
import { Browser } from './helpers/browser.ts';
import { waitForMail } from './helpers/mailbox.ts';
import { signIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// Registration at the provider: form, confirmation link by mail, account;
// and the same answer whether or not the name or address is taken.

let stack: TestStack;
let now = Date.parse('2026-03-02T08:00:00Z');
beforeAll(async () => {
  stack = await startTestStack({ accountClock: () => now });
});
afterAll(() => stack.stop());

const registerUrl = () => `${stack.urls.issuer}/signin/register`;
const person = (userName: string, email: string) => ({
  givenName: 'Sanne',
  familyName: 'de Vries',
  email,
  username: userName,
  password: 'Glaswol-Dakisolatie-4',
});

describe('registration page', () => {
  it('shows a Dutch form with the password rule and sets a form token', async () => {
    const browser = new Browser();
    const page = await openPage(browser, registerUrl());
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('set-cookie')).toMatch(/idp_form=.*HttpOnly.*SameSite=Strict/i);
    expect(page.html).toContain('<html lang="nl">');
    for (const label of ['Voornaam', 'Achternaam', 'E-mailadres', 'Gebruikersnaam', 'Wachtwoord'])
      expect(page.html).toContain(`>${label}</label>`);
    expect(page.html).toContain('Minstens 8 tekens, niet je gebruikersnaam en geen veelgebruikt wachtwoord.');
    expect(page.html).toMatch(/name="form_token" value="[A-Za-z0-9_-]{43}"/);
  });

  it('refuses a post without the form token of the same browser', async () => {
    const page = await openPage(new Browser(), registerUrl());
    const posted = await postForm(new Browser(), registerUrl(), page.html, person('sanne', 'sanne@thuis.local'));
    expect(posted.status).toBe(403);
    expect(posted.html).toContain('Dit formulier is verlopen.');
  });

  it('names each field that is wrong, and keeps what was typed except the password', async () => {
    const posted = await submitPage(registerUrl(), {
      givenName: 'Sanne',
      familyName: '',
      email: 'geen-adres',
      username: 'a',
      password: 'sanne',
    });
    expect(posted.status).toBe(400);
    expect(posted.html).toContain('Vul je achternaam in');
    expect(posted.html).toContain('Vul een geldig e-mailadres in.');
    expect(posted.html).toContain('Gebruik 3 tot 30 letters');
    expect(posted.html).toContain('Het wachtwoord moet minstens 8 tekens lang zijn.');
    expect(posted.html).toMatch(/id="givenName"[^>]*value="Sanne"/);
    expect(posted.html).not.toMatch(/id="password"[^>]*value=/);
  });

  it('registers after the mailed link is confirmed; the new account signs in, and the backend registers it without permissions', async () => {
    const posted = await submitPage(registerUrl(), person('sanne', 'sanne@thuis.local'));
    expect(posted.status).toBe(303);
    expect(posted.location).toBe('/signin/register/sent?ui_locales=nl');
    expect((await landing(stack.urls, posted)).html).toContain('Volg de link in die e-mail om je aanvraag af te ronden.');

    const mail = await waitForMail(stack.urls, 'sanne@thuis.local', /Bevestig je aanvraag/);
    expect(mail.link).toMatch(new RegExp(`^${stack.urls.issuer}/signin/register/confirm\\?token=[^&]+&ui_locales=nl$`));
    await expect(signIn(stack.urls, 'sanne', 'Glaswol-Dakisolatie-4')).rejects.toThrow(/did not reach the redirect URI/);

    const browser = new Browser();
    const confirm = await openPage(browser, mail.link!);
    expect(confirm.html).toContain('Bevestig de aanvraag voor gebruikersnaam &quot;sanne&quot;.');
    const done = await postForm(browser, mail.link!, confirm.html, {});
    expect(done.location).toBe('/signin/register/done?ui_locales=nl');
    expect((await landing(stack.urls, done)).html).toContain('Je account is aangemaakt en je kunt nu inloggen.');

    const { tokens, idTokenClaims } = await signIn(stack.urls, 'sanne', 'Glaswol-Dakisolatie-4');
    expect(idTokenClaims).toMatchObject({ preferred_username: 'sanne', email: 'sanne@thuis.local', name: 'Sanne de Vries' });
    const exchange = await fetch(`${stack.urls.api}/api/TokenAuth/ExternalAuthenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Abp-TenantId': '1' },
      body: JSON.stringify({ authProvider: 'OpenIdConnect', providerKey: idTokenClaims.sub, providerAccessCode: tokens.access_token }),
    });
    const { result } = await exchange.json();
    expect(result).toMatchObject({ accessToken: expect.any(String), waitingForActivation: false });
    const configuration = await fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`, {
      headers: { Authorization: `Bearer ${result.accessToken}` },
    });
    expect((await configuration.json()).result.auth.grantedPermissions).toEqual({});

    // The link worked once.
    expect((await openPage(new Browser(), mail.link!)).html).toContain('Deze link is ongeldig of al gebruikt.');
  });

  it('lets a confirmation link expire after 24 hours', async () => {
    await submitPage(registerUrl(), person('laat', 'laat@thuis.local'));
    const mail = await waitForMail(stack.urls, 'laat@thuis.local', /Bevestig je aanvraag/);
    now += 24 * 60 * 60_000;
    const page = await openPage(new Browser(), mail.link!);
    expect(page.status).toBe(400);
    expect(page.html).toContain('Deze link is verlopen.');
  });
});

describe('registration does not tell which names exist', () => {
  it('answers a taken user name or address exactly like a free one; only the owner’s mail differs', async () => {
    const free = await submitPage(registerUrl(), person('bram', 'bram@thuis.local'));
    const takenName = await submitPage(registerUrl(), person('admin', 'iemand@thuis.local'));
    const takenEmail = await submitPage(registerUrl(), person('piet2', 'monteur@isolatie.local'));
    for (const posted of [takenName, takenEmail]) {
      expect(posted.status).toBe(free.status);
      expect(posted.location).toBe(free.location);
      expect(posted.html).toBe(free.html);
      expect((await landing(stack.urls, posted)).html).toBe((await landing(stack.urls, free)).html);
    }
    expect((await waitForMail(stack.urls, 'iemand@thuis.local', /./)).subject).toBe('Aanvraag niet afgerond');
    expect((await waitForMail(stack.urls, 'monteur@isolatie.local', /./)).subject).toBe('Je hebt al een account');
  });

  it('does the same password hashing for taken and free names before it answers, and looks them up only after', async () => {
    const routes = accountRoutesAlone(registerRegistrationRoutes);
    const taken = await routes.submit('/signin/register', person('admin', 'dubbel@thuis.local'));
    const free = await routes.submit('/signin/register', person('vrij', 'vrij@thuis.local'));
    expect(taken.status).toBe(303);
    expect(taken.beforeAnswer).toEqual(['hash']);
    expect(free.beforeAnswer).toEqual(taken.beforeAnswer);
    expect(taken.afterAnswer).toContain('isTaken');
    expect(free.afterAnswer).toContain('isTaken');
  });
});
