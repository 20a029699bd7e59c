import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRecoveryRoutes } from '../../devstack/provider/account/recovery.ts';
import { accountRoutesAlone, landing, openPage, postForm, submitPage } from './helpers/account-pages.ts';
import { Browser } from './helpers/browser.ts';
import { mailTo, seenMail, settledMailCount, waitForMail } from './helpers/mailbox.ts';
import { beginSignIn, redirectUri, submitLogin } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// Password recovery, the lockout after five wrong passwords, and unlocking,
// each by a one-time link; none of them tells whether a name exists.

let stack: TestStack;
let now = Date.parse('2026-03-02T08:00:00Z');
beforeAll(async () => {
  stack = await startTestStack({ accountClock: () => now });
});
afterAll(() => stack.stop());

const forgotUrl = () => `${stack.urls.issuer}/signin/forgot-password`;
const unlockUrl = () => `${stack.urls.issuer}/signin/unlock`;
const LOCKED = 'Dit account is geblokkeerd na te veel mislukte inlogpogingen.';

async function loginAnswer(userName: string, password: string) {
  const attempt = await submitLogin(stack.urls, await beginSignIn(stack.urls), userName, password);
  return {
    signedIn: attempt.url.startsWith(redirectUri(stack.urls)),
    html: attempt.url.startsWith(redirectUri(stack.urls)) ? '' : await attempt.response.text(),
  };
}

/** Sets a new password through a recovery link; returns the link. */
async function recover(login: string, to: string, password: string) {
  const seen = await seenMail(stack.urls, to);
  await submitPage(forgotUrl(), { login });
  const mail = await waitForMail(stack.urls, to, /Nieuw wachtwoord instellen/, seen);
  const browser = new Browser();
  const page = await openPage(browser, mail.link!);
  return { link: mail.link!, posted: await postForm(browser, mail.link!, page.html, { password, repeatPassword: password }) };
}

describe('password recovery', () => {
  it('answers known names, known addresses and unknown names alike, and mails only the known', async () => {
    const before = await settledMailCount(stack.urls);
    const answers = [];
    for (const login of ['monteur', 'monteur@isolatie.local', 'niemand', 'niemand@nergens.local']) {
      const posted = await submitPage(forgotUrl(), { login });
      answers.push({ status: posted.status, location: posted.location, html: posted.html, page: (await landing(stack.urls, posted)).html });
    }
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 303, location: '/signin/forgot-password/sent?ui_locales=nl' });
    expect(answers[0]!.page).toContain('Als er een account bij deze gegevens hoort');
    expect((await settledMailCount(stack.urls)) - before).toBe(2);
    expect((await mailTo(stack.urls, 'monteur@isolatie.local')).filter((m) => /Nieuw wachtwoord/.test(m.subject))).toHaveLength(2);
  });

  it('answers before it looks the name up, so neither the page nor its timing tells a known name from an unknown one', async () => {
    const routes = accountRoutesAlone(registerRecoveryRoutes);
    for (const login of ['admin', 'onbekend']) {
      expect(await routes.submit('/signin/forgot-password', { login }), login).toEqual({
        status: 303,
        beforeAnswer: [],
        afterAnswer: ['findByLogin'],
      });
    }
  });

  it('sets a new password once through the link, after the policy accepts it', async () => {
    const { link, posted: weak } = await recover('nieuw', 'nieuw@isolatie.local', 'nieuw123');
    expect(weak.status).toBe(400);
    expect(weak.html).toContain('Het wachtwoord mag je gebruikersnaam niet bevatten.');

    const browser = new Browser();
    const page = await openPage(browser, link);
    const done = await postForm(browser, link, page.html, { password: 'Vloerisolatie-2026', repeatPassword: 'Vloerisolatie-2026' });
    expect(done.location).toBe('/signin/reset-password/done?ui_locales=nl');
    expect((await landing(stack.urls, done)).html).toContain('Je wachtwoord is gewijzigd.');
    expect((await loginAnswer('nieuw', '123qwe')).signedIn).toBe(false);
    expect((await loginAnswer('nieuw', 'Vloerisolatie-2026')).signedIn).toBe(true);

    const reused = await openPage(new Browser(), link);
    expect(reused.status).toBe(400);
    expect(reused.html).toContain('Deze link is ongeldig of al gebruikt.');
  });

  it('lets the link expire after 30 minutes', async () => {
    await submitPage(forgotUrl(), { login: 'vreemde' });
    const mail = await waitForMail(stack.urls, 'vreemde@extern.local', /Nieuw wachtwoord instellen/);
    now += 30 * 60_000;
    expect((await openPage(new Browser(), mail.link!)).html).toContain('Deze link is verlopen. Vraag een nieuwe aan.');
  });
});

describe('local mailbox', () => {
  it('shows every message as a Dutch page, newest first', async () => {
    const response = await fetch(`${stack.urls.issuer}/mailbox`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<h1>Postvak (lokaal)</h1>');
    const subjects = [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]);
    const messages = (await (await fetch(`${stack.urls.issuer}/mailbox.json`)).json()).messages;
    expect(subjects).toEqual(messages.map((m: { subject: string }) => m.subject));
    expect(Date.parse(messages[0].sentAt)).toBeGreaterThanOrEqual(Date.parse(messages.at(-1).sentAt));
  });
});

describe('lockout and unlock', () => {
  it('locks a name after five wrong passwords in a row, even for the right one next', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await loginAnswer('admin', `fout${i}`)).html);
    for (const html of answers.slice(0, 4)) expect(html).toContain('Onbekende gebruikersnaam of onjuist wachtwoord.');
    expect(answers[4]).toContain(LOCKED);
    expect(answers[4]).toContain('href="/signin/unlock?ui_locales=nl"');
    const right = await loginAnswer('admin', '123qwe');
    expect(right.signedIn).toBe(false);
    expect(right.html).toContain(LOCKED);
  });

  it('locks an unknown name the same way, so the lock tells nothing', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await loginAnswer('spook', `fout${i}`)).html);
    expect(answers[4]).toContain(LOCKED);
  });

  it('unlocks by the mailed one-time link; unknown and unlocked names get the same answer and no mail', async () => {
    const before = await settledMailCount(stack.urls);
    const answers = [];
    for (const login of ['admin@isolatie.local', 'spook', 'monteur']) {
      const posted = await submitPage(unlockUrl(), { login });
      answers.push({ status: posted.status, location: posted.location, page: (await landing(stack.urls, posted)).html });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]!.page).toContain('Als er een geblokkeerd account bij deze gegevens hoort');
    const mail = await waitForMail(stack.urls, 'admin@isolatie.local', /Account ontgrendelen/);
    expect((await settledMailCount(stack.urls)) - before).toBe(1);

    const browser = new Browser();
    const page = await openPage(browser, mail.link!);
    expect(page.html).toContain('<button type="submit">Ontgrendelen</button>');
    const done = await postForm(browser, mail.link!, page.html, {});
    expect((await landing(stack.urls, done)).html).toContain('Je account is ontgrendeld.');
    expect((await loginAnswer('admin', '123qwe')).signedIn).toBe(true);
    const again = await postForm(browser, mail.link!, page.html, {});
    expect(again.html).toContain('Deze link is ongeldig of al gebruikt.');
  });

  it('ends a lockout with a new password too', async () => {
    for (let i = 0; i < 5; i++) await loginAnswer('vreemde', `fout${i}`);
    expect((await loginAnswer('vreemde', '123qwe')).html).toContain(LOCKED);
    const { posted } = await recover('vreemde@extern.local', 'vreemde@extern.local', 'Kruipruimte-Isolatie-3');
    expect(posted.status).toBe(303);
    expect((await loginAnswer('vreemde', 'Kruipruimte-Isolatie-3')).signedIn).toBe(true);
  });
});
