import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS, type Texts } from '../../devstack/provider/texts.ts';
import { openPage, postForm, submitPage } from './helpers/account-pages.ts';
import { Browser } from './helpers/browser.ts';
import { seenMail, waitForMail } from './helpers/mailbox.ts';
import { beginSignIn, type AuthParams } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// The provider's pages and mails speak the person's language (the app
// passes it as ui_locales), carry the app's name and icon, and use the
// app's words and its "je".

const ROOT = join(import.meta.dirname, '../..');

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

/** Every text of one language, with sample values in the ones that take some. */
function allTexts(texts: Texts): string[] {
  return Object.values(texts).flatMap((value): string[] => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') return [(value as (...args: string[]) => string)('sanne', 'https://example.local/link')];
    return Object.values(value as Record<string, string>);
  });
}

/** The string and template literals of the provider's source files (texts.ts's English aside): what its Dutch pages, mails and answers say. */
function providerLiterals(): { file: string; literal: string }[] {
  const dir = join(ROOT, 'devstack/provider');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
  return files.flatMap((file) => {
    let source = readFileSync(join(dir, file), 'utf8');
    if (file === 'texts.ts') source = source.slice(0, source.indexOf('const en: Texts'));
    const literals = source.match(/'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g) ?? [];
    return literals.map((literal) => ({ file, literal }));
  });
}

describe('one voice on the provider’s pages and in its mails', () => {
  it('says "je" in Dutch, never "u" or "uw"', () => {
    const formal = /(^|[^\p{L}])(u|uw)(?=[^\p{L}]|$)/iu;
    expect(allTexts(TEXTS.nl).filter((text) => formal.test(text))).toEqual([]);
    expect(providerLiterals().filter(({ literal }) => formal.test(literal))).toEqual([]);
  });

  it('uses the app’s words: no registering, no identity provider, no tenant or host', () => {
    expect(allTexts(TEXTS.nl).filter((text) => /registr|identiteitsprovider|tenant|\bhost\b/i.test(text))).toEqual([]);
    expect(allTexts(TEXTS.en).filter((text) => /regist|identity provider|tenant|\bhost\b/i.test(text))).toEqual([]);
    expect(TEXTS.nl).toMatchObject({
      requestAccount: 'Account aanvragen',
      signIn: 'Inloggen',
      signOut: 'Uitloggen',
      forgotPassword: 'Wachtwoord vergeten?',
    });
    expect(TEXTS.en).toMatchObject({
      requestAccount: 'Request an account',
      signIn: 'Sign in',
      signOut: 'Sign out',
      forgotPassword: 'Forgot your password?',
    });
  });

  it('has an English text for every Dutch one, and no Dutch left in them', () => {
    const nl = allTexts(TEXTS.nl);
    const en = allTexts(TEXTS.en);
    expect(en).toHaveLength(nl.length);
    expect(en.filter((text) => /\b(je|jouw|het|een|wachtwoord|inloggen)\b/i.test(text))).toEqual([]);
  });
});

describe('the person’s language', () => {
  it('shows the login page in English when the app asks for it, with the product’s name in the title', async () => {
    const pending = await beginSignIn(stack.urls, { ui_locales: 'en' });
    const page = await pending.browser.follow(pending.authorizationUrl, () => false);
    const html = await page.response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sign in · Staff portal</title>');
    expect(html).toMatch(/<label for="username">User name<\/label>/);
    expect(html).toContain('<a href="/signin/register?ui_locales=en">Request an account</a>');
    expect(html).toContain('Forgot your password?');

    // The flow's next pages keep it, even opened without the parameter.
    const request = await openPage(pending.browser, `${stack.urls.issuer}/signin/register`);
    expect(request.html).toContain('<html lang="en">');
    expect(request.html).toContain('<title>Request an account · Staff portal</title>');
    expect(request.html).toContain('>First name</label>');
  });

  it('stays Dutch by default, and in Dutch for a list whose first known language is Dutch', async () => {
    const cases: AuthParams[] = [{}, { ui_locales: 'fr nl-BE en' }];
    for (const extra of cases) {
      const pending = await beginSignIn(stack.urls, extra);
      const html = await (await pending.browser.follow(pending.authorizationUrl, () => false)).response.text();
      expect(html).toContain('<html lang="nl">');
      expect(html).toContain('<title>Inloggen · Medewerkersportaal</title>');
    }
  });

  it('mails an English reset link that opens in English in any browser', async () => {
    const seen = await seenMail(stack.urls, 'monteur@isolatie.local');
    await submitPage(`${stack.urls.issuer}/signin/forgot-password?ui_locales=en`, { login: 'monteur' });
    const mail = await waitForMail(stack.urls, 'monteur@isolatie.local', /Set a new password/, seen);
    expect(mail.text).toContain('The link is valid for 30 minutes');
    const page = await openPage(new Browser(), mail.link!);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('>New password</label>');
    expect(page.html).toContain('>Repeat new password</label>');
  });
});

describe('the reset page', () => {
  it('asks for the new password twice, says so in Dutch when they differ, and keeps the link usable', async () => {
    const seen = await seenMail(stack.urls, 'admin@isolatie.local');
    await submitPage(`${stack.urls.issuer}/signin/forgot-password`, { login: 'admin' });
    const mail = await waitForMail(stack.urls, 'admin@isolatie.local', /Nieuw wachtwoord instellen/, seen);
    const browser = new Browser();
    const page = await openPage(browser, mail.link!);
    expect(page.html).toContain('>Nieuw wachtwoord</label>');
    expect(page.html).toContain('>Nieuw wachtwoord herhalen</label>');

    const differ = await postForm(browser, mail.link!, page.html, { password: 'Spouwmuur-2026', repeatPassword: 'Spouwmuur-2062' });
    expect(differ.status).toBe(400);
    expect(differ.html).toContain('De twee nieuwe wachtwoorden zijn niet gelijk.');
    expect(differ.html).toMatch(/id="repeatPassword"[^>]*aria-invalid="true"/);

    const saved = await postForm(browser, mail.link!, differ.html, { password: 'Spouwmuur-2026', repeatPassword: 'Spouwmuur-2026' });
    expect(saved.status).toBe(303);
  });
});

describe('the product’s icon', () => {
  it('answers the app’s favicon with an image type, linked from every page', async () => {
    const response = await fetch(`${stack.urls.issuer}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toBe(readFileSync(join(ROOT, 'public/favicon.svg'), 'utf8'));
    expect((await openPage(new Browser(), `${stack.urls.issuer}/signin/unlock`)).html).toContain(
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    );
  });
});
