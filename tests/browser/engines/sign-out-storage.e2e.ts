import { beforeEach, describe, expect, it } from 'vitest';
import { StaffModel } from '../models/staff.model.ts';
import { NL } from '../models/texts.ts';
import { OUTCOME_MS } from '../models/watch.ts';
import { ENGINES_SEEING_REQUESTS } from '../support/driver.ts';
import { engineEnv } from '../support/engineEnv.ts';
import { runPageClockUntil } from '../support/pageClock.ts';
import { LONG_TEST_MS, seconds } from '../../support/limits.ts';

/**
 * What a person leaves in the tab goes when they leave, in Chromium and
 * Firefox ESR (docs/security.md, "What goes at sign-out"). The host leaves
 * it as a person does: in Mijn account he types a first name and saves it,
 * the provider asks for a recent sign-in (its clock 16 minutes on, Okta's
 * 15-minute rule), his browser blocks the popup of "Bevestigen dat jij het
 * bent", so the app keeps his draft and his sign-in under way (with the page
 * to return to) and goes to the provider as a full page; there he does not
 * sign in but goes back to the app by its address, to Omgevingen, and makes
 * an environment, whose handover code (in force at the stack's ABP) the tab
 * keeps. Mijn account's stored return is the one thing written here as the
 * app writes it: the callback page keeps it and at once replaces itself with
 * Mijn account, whose first read takes it, so no step of a person leaves it
 * (only a load cut off between those two, a tab closing at that moment).
 * After the sign-out from the menu, the one after inactivity (the server's
 * time-out in seconds, as engines/inactivity.e2e.ts, passed on the page clock
 * the stack gives every page), and the one another tab
 * of the browser made, every storage of the origin is read: sessionStorage,
 * localStorage, the cookies, IndexedDB (every database, store, key and value
 * a script can read) and Cache Storage (every cache's addresses).
 */
const TIMEOUT_S = 30;
const WARNING_S = 10;
const HOST = 'Beheerder Host';
/** The first name the host types in Mijn account and leaves as a draft. */
const DRAFT = 'Concept-voornaam';
/** Mijn account's stored return, as the callback page writes it (see above). */
const ANSWER = 'antwoordcode-van-de-inlogdienst';
/** The keys (or their beginnings) of what is the person's, as the app names them (src/lib/storageKeys.ts). */
const PERSONS_KEYS = ['handover:', 'myaccount.drafts', 'oidc.account-return', 'oidc.transaction.', 'oidc.tokens'];

/** Every storage of the app's origin as one text, each entry with its key. */
async function everyStorage(staff: StaffModel): Promise<string> {
  // Sent to the page as source text: nothing named inside (a bundler may wrap named functions in its own helpers).
  const inPage = await staff.tab.evaluate(async () => {
    const read: Record<string, unknown> = {
      sessionStorage: { ...sessionStorage },
      localStorage: { ...localStorage },
      cookie: document.cookie,
    };
    const databases = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
    const stores: unknown[] = [];
    for (const { name } of databases) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error ?? new Error(`IndexedDB ${name}`));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const [keys, values] = await Promise.all(
          [(s: IDBObjectStore) => s.getAllKeys(), (s: IDBObjectStore) => s.getAll()].map(
            (ask) =>
              new Promise<unknown[]>((resolve, reject) => {
                const request = ask(db.transaction(store, 'readonly').objectStore(store));
                request.onsuccess = () => resolve(request.result);
                request.onerror = () => reject(request.error ?? new Error(`IndexedDB ${name}/${store}`));
              }),
          ),
        );
        stores.push({
          database: name,
          store,
          keys: keys!.map(String),
          values: values!.map((value) => JSON.stringify(value) ?? String(value)),
        });
      }
      db.close();
    }
    read.indexedDB = { names: databases.map((database) => database.name), stores };
    const cached: unknown[] = [];
    if (typeof caches !== 'undefined') {
      for (const name of await caches.keys())
        cached.push({ name, urls: (await (await caches.open(name)).keys()).map((request) => request.url) });
    }
    read.cacheStorage = cached;
    return read;
  });
  const cookies = await staff.tab.cookies(staff.stack.urls.app);
  return JSON.stringify({ ...inPage, cookies: cookies.map((cookie) => `${cookie.name}=${cookie.value}`) });
}

describe.each(ENGINES_SEEING_REQUESTS)('%s, nothing of the person left in the tab after a sign-out', (engine) => {
  /** The provider's clock ahead of the app's by this much (Mijn account's changes then want a recent sign-in). */
  let skew = 0;
  const env = engineEnv(engine, {
    accountClock: () => Date.now() + skew,
    pageClock: true,
    settings: {
      'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
      'App.UserManagement.SessionTimeOut.TimeOutSecond': String(TIMEOUT_S),
      'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': String(WARNING_S),
    },
  });
  beforeEach(() => {
    skew = 0;
  });

  /**
   * The host leaves a draft of Mijn account and a sign-in under way to the
   * provider, makes an environment (its code in force, kept in the tab), and
   * the stored return is written beside them: answers what must go, each
   * seen in storage first.
   */
  async function leaveEverything(host: StaffModel, shortName: string): Promise<string[]> {
    await host.signInToEnvironment('', 'host');
    await host.openMyAccount(HOST);
    await host.tab.label('Voornaam').fill(DRAFT);
    skew = 16 * 60_000;
    await host.tab.role('button', 'Naam opslaan').click();
    await host.tab.text('Voor deze wijziging vraagt de inlogdienst om een recente inlog').waitFor();
    // His browser blocks this popup: the app keeps what he typed and goes to the provider as a full page.
    await host.tab.evaluate(() => {
      window.open = () => null;
    });
    await host.tab.role('button', 'Bevestigen dat jij het bent').click();
    // The provider's own page first: a look for its form while the tab is still leaving the app can hang Firefox's driver.
    const provider = new URL(env.stack.urls.issuer).origin;
    await host.tab.waitForUrl((url) => url.origin === provider && url.pathname.startsWith('/interaction/'));
    await host.waitForProviderForm();
    skew = 0;

    // He does not sign in again there: he goes back to the app by its address, Omgevingen's, and makes a new environment.
    await host.open('/beheer/omgevingen');
    await host.tab.role('heading', NL.beheer.tenants).waitFor();
    const underWay = Object.entries(await host.tab.sessionStorage()).filter(([key]) => key.startsWith('oidc.transaction.'));
    expect(underWay, 'the sign-in under way').toHaveLength(1);
    const [transactionKey, transaction] = underWay[0]!;
    const { codeVerifier, returnPath } = JSON.parse(transaction) as { codeVerifier: string; returnPath: string };
    expect(returnPath, 'with the page to return to').toBe('/app/account');
    await host.tab.role('link', NL.handover.newEnvironment).click();
    await host.tab.label(NL.handover.name).fill(`Isolatie ${shortName}`);
    await host.tab.label(NL.handover.shortName).fill(shortName);
    await host.tab.label(NL.handover.firstAdminEmail).fill('vreemde@extern.local');
    await host.tab.role('button', NL.handover.create).click();
    // The code is shown before it is kept, and kept as it goes out; "Ik heb de code genoteerd" offers once ABP has it in force (kept by then).
    // Waiting for the form's button alone read the code in the gap, under load in Firefox: shown, not yet kept.
    await host.tab.role('button', NL.handover.noted).waitFor();
    const code = (await host.fieldValue(NL.handover.code)) ?? '';
    expect(code).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    await host.tab.evaluate((answer) => sessionStorage.setItem('oidc.account-return', `?code=${answer}&state=account.terug`), ANSWER);
    const left = [code, DRAFT, transactionKey, codeVerifier, ANSWER];
    const before = await everyStorage(host);
    // What the test looks for is there before: the test can see it.
    for (const one of left) expect(before).toContain(one);
    return left;
  }

  /** Nothing of the person in any storage of the origin. */
  async function nothingLeft(staff: StaffModel, left: readonly string[]): Promise<void> {
    await staff.waitForLoginPage();
    const after = await everyStorage(staff);
    for (const one of left) expect(after, `${one} is gone`).not.toContain(one);
    const keys = Object.keys((JSON.parse(after) as { sessionStorage: Record<string, string> }).sessionStorage);
    expect(
      keys.filter((key) => PERSONS_KEYS.some((person) => key.startsWith(person))),
      'none of the person’s keys',
    ).toEqual([]);
  }

  it(
    'signed out from the menu',
    async () => {
      const host = env.staff;
      const left = await leaveEverything(host, 'Menu');
      await host.signOut(HOST);
      await host.tab.waitForUrl((url) => url.pathname === '/account/login');
      await host.tab.text(NL.login.signedOut).waitFor();
      await nothingLeft(host, left);
    },
    LONG_TEST_MS,
  );

  it(
    'signed out after a time without activity',
    async () => {
      const host = env.staff;
      const left = await leaveEverything(host, 'Stil');
      // The time-out on the page's clock, a second at a time, until the tab leaves (what is left is the point here, not when).
      const idle = (url: URL) => url.pathname === '/account/login' && url.searchParams.get('reason') === 'idle';
      await runPageClockUntil(host.tab, seconds(TIMEOUT_S), () => Promise.resolve(idle(new URL(host.tab.url()))));
      await host.tab.waitForUrl(idle, OUTCOME_MS);
      await host.tab.text(NL.login.signedOutIdle).waitFor();
      await nothingLeft(host, left);
    },
    LONG_TEST_MS,
  );

  it(
    'signed out in another tab of the browser',
    async () => {
      const host = env.staff;
      const left = await leaveEverything(host, 'Elders');
      const other = new StaffModel(await host.tab.openTab(), env.stack);
      await other.open('/app/home');
      await other.waitForPath('/app/home');
      // Signed in there too: the person's menu in the header, under the name this tab has (ABP's, until it holds the provider's tokens itself).
      let name = '';
      await expect
        .poll(
          async () =>
            (name = await other.tab.evaluate(() =>
              (document.getElementById('user-menu-button')?.textContent ?? '').replace(/[^\p{L}\s-]/gu, '').trim(),
            )),
          {
            message: 'the person’s menu in the other tab',
            timeout: OUTCOME_MS,
          },
        )
        .not.toBe('');
      // Every page load the host's tab starts from here on, in its session storage (it outlives the page): one is expected.
      const counting = await host.tab.evaluate(() => {
        const navigation = (window as { navigation?: EventTarget }).navigation;
        navigation?.addEventListener('navigate', (event) => {
          const to = (event as Event & { destination: { url: string } }).destination.url;
          sessionStorage.setItem(
            'test.loads',
            JSON.stringify([...(JSON.parse(sessionStorage.getItem('test.loads') ?? '[]') as string[]), to]),
          );
        });
        return navigation !== undefined;
      });
      expect(counting, 'the Navigation API counts the page loads (Chromium, Firefox from 147)').toBe(true);
      await other.signOut(name);
      await host.tab.waitForUrl((url) => url.pathname === '/account/login');
      // The reason is the other tab's: the inactivity watch, told as well, leaves the page to the token sharing (a second load, "idle", cut the first short).
      await host.tab.text(NL.login.signedOut).waitFor();
      const loads = JSON.parse((await host.tab.evaluate(() => sessionStorage.getItem('test.loads'))) ?? '[]') as string[];
      expect(loads.map((to) => new URL(to).pathname + new URL(to).search)).toEqual(['/account/login?reason=signed-out']);
      await nothingLeft(host, left);
      await other.waitForLoginPage();
    },
    LONG_TEST_MS,
  );
});
