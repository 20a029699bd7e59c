import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { EN, NL } from '../models/texts.ts';
import { WatchedContext } from '../models/watch.ts';
import { newContext } from '../support/chromium.ts';
import { chromiumTarget } from '../support/driver.ts';
import { browserEnv } from '../support/env.ts';

// What staff meet on a backend that answers as ABP really does
// (tests/contract/recorded/, which the local stand-in follows): a new
// browser, an inactive account, someone ABP registers without a role, a
// token ABP no longer accepts, the environment and the language.

const env = browserEnv();

const CULTURE_COOKIE = 'Abp.Localization.CultureName';

/** The ChangeLanguage calls the page makes (none may be refused). */
function changeLanguageCalls(app: AppModel): Request[] {
  const calls: Request[] = [];
  app.page.on('request', (request) => {
    if (/\/User\/ChangeLanguage$/i.test(new URL(request.url()).pathname)) calls.push(request);
  });
  return calls;
}

/** A second browser of the same person: its own cookies and storage, nothing shared with the first. */
async function secondBrowser(): Promise<AppModel> {
  const context = await newContext(env.browser);
  const watched = await WatchedContext.of(context, env.stack);
  return AppModel.newPage(watched);
}

describe('sign-in on a backend that answers as ABP', () => {
  it('a fresh browser with no cookie at all signs in as admin and reaches home, in the company’s environment', async () => {
    expect(await env.context.cookies()).toEqual([]);
    const app = await AppModel.open(env.watched, '/');
    await app.person.waitForLoginPage();
    // appconfig names the company's environment: start-up chose it, the person did not have to.
    expect(await app.cookie('Abp-TenantId')).toBe('1');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    await app.expectHeading(NL.shell.welcome);
    expect(app.errors).toEqual([]);
  });

  it('nieuw, whose account ABP refuses as not active, reads "Account niet actief" and holds no token', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('nieuw');
    await app.waitForHeading(NL.callback.notActiveTitle);
    await app.page.getByText(NL.callback.notActiveFull).waitFor();
    expect(await app.cookie('Abp.AuthToken')).toBeUndefined();
  });

  it('vreemde, whom ABP registers at her first sign-in with no role, is told she has no section yet and whom to ask', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('vreemde');
    await app.waitForAddress('/app/home');
    await app.waitForHeading(NL.shell.welcomeOf('Vera'), { level: 1 });
    await app.page.getByRole('heading', { name: NL.home.noSections }).waitFor();
    await app.page.getByText(NL.home.askAdministratorOf('Default')).waitFor();
    expect(await app.sections().getByRole('link').count()).toBe(0);
  });

  it('a token ABP no longer accepts is cleared at start, and the person is asked to sign in', async () => {
    await env.context.addCookies([
      { name: 'Abp.AuthToken', value: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyIn0.Zm9yZ2Vk', url: env.stack.urls.app },
    ]);
    const app = await AppModel.open(env.watched, '/app/home');
    await app.waitForAddress(/\/account\/login\?returnUrl=%2Fapp%2Fhome/);
    await app.person.waitForLoginPage();
    expect(await app.cookie('Abp.AuthToken')).toBeUndefined();
  });
});

describe('the language, as ABP keeps it', () => {
  it('admin switches to English and back: the select names the language on screen, and the backend saves it', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    const calls = changeLanguageCalls(app);

    await app.chooseLanguage('en');
    await app.expectHeading(EN.shell.welcome);
    await app.person.openUserMenu();
    expect(await app.languageSwitch.inputValue()).toBe('en');
    expect(await app.languageSwitch.locator('option:checked').textContent()).toBe('English');
    expect(await app.cookie(CULTURE_COOKIE)).toBe('en');

    await app.chooseLanguage('nl');
    await app.expectHeading(NL.shell.welcome);
    await app.person.openUserMenu();
    expect(await app.languageSwitch.locator('option:checked').textContent()).toBe('Nederlands');
    await expect.poll(() => calls.length).toBe(2);
    expect(await Promise.all(calls.map(async (call) => (await call.response())?.status()))).toEqual([200, 200]);
  });

  it('a language saved in one browser follows admin into a second one', async () => {
    const first = await AppModel.open(env.watched, '/account/login');
    await first.person.signIn('admin');
    await first.waitForAddress('/app/home');
    await first.chooseLanguage('en');
    await first.expectHeading(EN.shell.welcome);

    const second = await secondBrowser();
    try {
      await second.goto('/account/login');
      await second.person.signIn('admin');
      await second.waitForAddress('/app/home');
      await second.expectHeading(EN.shell.welcome);
      await second.person.openUserMenu();
      expect(await second.languageSwitch.locator('option:checked').textContent()).toBe('English');
      expect(await second.cookie(CULTURE_COOKIE)).toBe('en');
    } finally {
      await second.page.context().close();
    }
    // Back to Dutch for the tests after this one: the stand-in keeps what was saved.
    await first.chooseLanguage('nl');
    await first.expectHeading(NL.shell.welcome);
  });

  it('monteur, who may not save a language at the backend, changes it on this device with no refusal, and the select says it holds here only', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('monteur');
    await app.waitForAddress('/app/home');
    const calls = changeLanguageCalls(app);

    await app.chooseLanguage('en');
    await app.waitForHeading(EN.shell.welcomeOf('Piet'), { level: 1 });
    await app.person.openUserMenu();
    expect(await app.languageSwitch.locator('option:checked').textContent()).toBe('English');
    await app.page.getByText(EN.language.deviceOnly).waitFor();

    await app.chooseLanguage('nl');
    await app.waitForHeading(NL.shell.welcomeOf('Piet'), { level: 1 });
    await app.person.openUserMenu();
    expect(await app.languageSwitch.locator('option:checked').textContent()).toBe('Nederlands');
    await app.page.getByText(NL.language.deviceOnly).waitFor();
    await app.page.reload();
    await app.waitForHeading(NL.shell.welcomeOf('Piet'), { level: 1 });
    expect(calls).toEqual([]);
    expect(await app.page.getByText(NL.language.failed).count()).toBe(0);
  });

  it('monteur chooses English in one browser: nothing is saved at the backend, and another browser of his opens in Dutch', async () => {
    const first = await AppModel.open(env.watched, '/account/login');
    await first.person.signIn('monteur');
    await first.waitForAddress('/app/home');
    await first.chooseLanguage('en');
    await first.waitForHeading(EN.shell.welcomeOf('Piet'), { level: 1 });
    await first.page.reload();
    await first.waitForHeading(EN.shell.welcomeOf('Piet'), { level: 1 });

    // What ABP saves is what it answers a call without any culture (abp-recorded/userconfiguration.json monteur-1-no-culture-after).
    const token = await first.cookie('Abp.AuthToken');
    expect(await languageAnswered(token, {})).toEqual({ current: 'nl', saved: 'nl' });
    // No call of the page carried the language where ABP saves it: with a bearer, only in the query.
    const named = apiCallsWithBearer(env.watched.requests);
    expect(named.length).toBeGreaterThan(0);
    for (const request of named) {
      expect(request.headers()['.aspnetcore.culture'], request.url()).toBeUndefined();
      expect(new URL(request.url()).searchParams.get('culture'), request.url()).toMatch(/^(nl|en)$/);
    }

    await expectDutchInAnotherBrowser('monteur', 'Piet');
  });

  it('after ABP had saved English for monteur, a browser of his still shows what was chosen there: Dutch in a new one', async () => {
    const first = await AppModel.open(env.watched, '/account/login');
    await first.person.signIn('monteur');
    await first.waitForAddress('/app/home');
    await first.waitForHeading(NL.shell.welcomeOf('Piet'), { level: 1 });
    // As the app did before: a culture header with his bearer, which ABP saves as his language (monteur-1-culture-en-US-saves).
    const token = await first.cookie('Abp.AuthToken');
    expect(await languageAnswered(token, { '.AspNetCore.Culture': 'c=en-US|uic=en-US' })).toEqual({ current: 'en', saved: 'en-US' });
    expect(await languageAnswered(token, { '.AspNetCore.Culture': 'c=nl|uic=nl' })).toEqual({ current: 'en', saved: 'en-US' });

    await first.page.reload();
    await first.waitForHeading(NL.shell.welcomeOf('Piet'), { level: 1 });
    expect(await first.lang()).toBe('nl');
    await first.person.openUserMenu();
    expect(await first.languageSwitch.locator('option:checked').textContent()).toBe('Nederlands');
    await first.page.getByText(NL.language.deviceOnly).waitFor();

    const second = await expectDutchInAnotherBrowser('monteur', 'Piet', { keepOpen: true });
    try {
      await second.chooseLanguage('en');
      await second.waitForHeading(EN.shell.welcomeOf('Piet'), { level: 1 });
      await first.page.reload();
      await first.waitForHeading(NL.shell.welcomeOf('Piet'), { level: 1 });
    } finally {
      await second.page.context().close();
    }
  });
});

describe('an administrator’s language, with nothing saved for him', () => {
  // A stack of its own: nothing saved for admin yet.
  const fresh = browserEnv();

  it('admin, on a device set to English before signing in, starts in English, and ABP saves no language he did not choose', async () => {
    const app = await AppModel.open(fresh.watched, '/account/login');
    await app.chooseLanguage('en');
    await app.page.getByRole('heading', { name: EN.login.heading, level: 1 }).waitFor();
    await app.person.signIn('admin', '123qwe', chromiumTarget(app.page.getByRole('button', { name: EN.login.heading, exact: true })));
    await app.waitForAddress('/app/home');
    await app.expectHeading(EN.shell.welcome);

    // ABP keeps no language for him: a call without any culture is answered in the default (abp-recorded monteur-1-no-culture-after).
    const token = await app.cookie('Abp.AuthToken');
    expect(await languageAnswered(token, {}, fresh.stack.urls.api)).toEqual({ current: 'nl', saved: 'nl' });
    const named = apiCallsWithBearer(fresh.watched.requests, fresh.stack.urls.api);
    // He may save a language (Pages.Users): start-up asked for the one ABP keeps, naming this device's only where ABP never saves it.
    const asked = named.filter(
      (request) =>
        /\/AbpUserConfiguration\/GetAll$/.test(new URL(request.url()).pathname) && !new URL(request.url()).searchParams.has('culture'),
    );
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.map((request) => request.headers()['accept-language'])).toEqual(asked.map(() => 'en'));
    for (const request of named) expect(request.headers()['.aspnetcore.culture'], request.url()).toBeUndefined();
    expect(app.errors).toEqual([]);
  });
});

/** GetAll as the holder of `token` in Default, with `headers`: the language it answers in and the one it keeps for him. */
async function languageAnswered(
  token: string | undefined,
  headers: Record<string, string>,
  api = env.stack.urls.api,
): Promise<{ current: string; saved: string }> {
  if (!token) throw new Error('no backend token in the cookie');
  const response = await fetch(new URL('AbpUserConfiguration/GetAll', `${api}/`), {
    headers: { 'Abp-TenantId': '1', Authorization: `Bearer ${token}`, ...headers },
  });
  const body = (await response.json()) as {
    result: { localization: { currentLanguage: { name: string } }; setting: { values: Record<string, string> } };
  };
  return {
    current: body.result.localization.currentLanguage.name,
    saved: body.result.setting.values['Abp.Localization.DefaultLanguageName'] ?? '',
  };
}

/** The page's calls to the backend that carried a bearer. */
function apiCallsWithBearer(requests: readonly Request[], api = env.stack.urls.api): Request[] {
  return requests.filter(
    (request) => request.url().startsWith(api) && request.method() !== 'OPTIONS' && request.headers().authorization !== undefined,
  );
}

/** Signs `user` in in a second browser, which opens in Dutch; closed afterwards unless kept open. */
async function expectDutchInAnotherBrowser(user: 'monteur', firstName: string, { keepOpen = false } = {}): Promise<AppModel> {
  const second = await secondBrowser();
  try {
    await second.goto('/account/login');
    await second.person.signIn(user);
    await second.waitForAddress('/app/home');
    await second.waitForHeading(NL.shell.welcomeOf(firstName), { level: 1 });
    expect(await second.lang()).toBe('nl');
    await second.person.openUserMenu();
    expect(await second.languageSwitch.locator('option:checked').textContent()).toBe('Nederlands');
    await second.page.getByText(NL.language.deviceOnly).waitFor();
  } catch (error) {
    await second.page.context().close();
    throw error;
  }
  if (!keepOpen) await second.page.context().close();
  return second;
}
