import { describe, expect, it } from 'vitest';
import { StaffModel } from '../models/staff.model.ts';
import { NL } from '../models/texts.ts';
import { OUTCOME_MS } from '../models/watch.ts';
import { ENGINES } from '../support/driver.ts';
import { engineEnv } from '../support/engineEnv.ts';
import { LONG_TEST_MS } from '../../support/limits.ts';

/**
 * What a person leaves in the tab goes when they leave, in Chromium and
 * Firefox ESR (docs/security.md, "What goes at sign-out"): the host's
 * handover code (made by the app, in force at the stack's ABP), a draft of
 * Mijn account and its kept answer, and a sign-in under way with the page
 * to return to (these three as the app writes them: the app leaves them
 * only when a visit to the provider is abandoned halfway). After the
 * sign-out from the menu, the one after inactivity (the server's time-out
 * in seconds, as engines/inactivity.e2e.ts), and the one another tab of the
 * browser made, every storage of the origin is read: sessionStorage,
 * localStorage, the cookies, IndexedDB (every database, store, key and
 * value a script can read) and Cache Storage (every cache's addresses).
 */
const TIMEOUT_S = 30;
const WARNING_S = 10;
const HOST = 'Beheerder Host';

/** What the person leaves beside the handover code, under the app's own keys. */
const LEFT = {
  draft: 'Concept-voornaam-Host',
  answer: 'antwoordcode-van-de-inlogdienst',
  returnPath: '/beheer/tenants?terug-na-inloggen',
};
/** The keys (or their beginnings) of what is the person's, as the app names them (src/lib/storageKeys.ts). */
const PERSONS_KEYS = ['handover:', 'myaccount.drafts', 'oidc.account-return', 'oidc.transaction.', 'oidc.tokens'];

/** Every storage of the app's origin as one text, each entry with its key. */
async function everyStorage(staff: StaffModel): Promise<string> {
  // Sent to the page as source text: nothing named inside (a bundler may wrap named functions in its own helpers).
  const inPage = await staff.tab.evaluate(async () => {
    const read: Record<string, unknown> = { sessionStorage: { ...sessionStorage }, localStorage: { ...localStorage }, cookie: document.cookie };
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
        stores.push({ database: name, store, keys: keys!.map(String), values: values!.map((value) => JSON.stringify(value) ?? String(value)) });
      }
      db.close();
    }
    read.indexedDB = { names: databases.map((database) => database.name), stores };
    const cached: unknown[] = [];
    if (typeof caches !== 'undefined') {
      for (const name of await caches.keys()) cached.push({ name, urls: (await (await caches.open(name)).keys()).map((request) => request.url) });
    }
    read.cacheStorage = cached;
    return read;
  });
  const cookies = await staff.tab.cookies(staff.stack.urls.app);
  return JSON.stringify({ ...inPage, cookies: cookies.map((cookie) => `${cookie.name}=${cookie.value}`) });
}

describe.each(ENGINES)('%s, nothing of the person left in the tab after a sign-out', (engine) => {
  const env = engineEnv(engine, {
    settings: {
      'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
      'App.UserManagement.SessionTimeOut.TimeOutSecond': String(TIMEOUT_S),
      'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': String(WARNING_S),
    },
  });

  /** The host makes an environment (its code in force, kept in the tab) and leaves a draft, an answer and a return beside it: answers the code. */
  async function leaveEverything(host: StaffModel, shortName: string): Promise<string> {
    await host.hostAtNewEnvironment();
    await host.tab.label(NL.handover.name).fill(`Isolatie ${shortName}`);
    await host.tab.label(NL.handover.shortName).fill(shortName);
    await host.tab.label(NL.handover.firstAdminEmail).fill('vreemde@extern.local');
    await host.tab.role('button', NL.handover.create).click();
    await host.tab.role('button', NL.handover.give).waitFor();
    const code = (await host.fieldValue(NL.handover.code)) ?? '';
    expect(code).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    await host.tab.evaluate((left) => {
      sessionStorage.setItem('myaccount.drafts', JSON.stringify({ name: { firstName: left.draft, lastName: 'Host' } }));
      sessionStorage.setItem('oidc.account-return', `?code=${left.answer}&state=account.terug`);
      sessionStorage.setItem(
        'oidc.transaction.popup.terug',
        JSON.stringify({ state: 'popup.terug', nonce: 'n', codeVerifier: 'v', returnPath: left.returnPath, redirectUri: `${location.origin}/account/logincallback`, createdAt: Date.now() }),
      );
    }, LEFT);
    const before = await everyStorage(host);
    // What the test looks for is there before: the test can see it.
    for (const left of [code, ...Object.values(LEFT)]) expect(before).toContain(left);
    return code;
  }

  /** Nothing of the person in any storage of the origin. */
  async function nothingLeft(staff: StaffModel, code: string): Promise<void> {
    await staff.waitForLoginPage();
    const after = await everyStorage(staff);
    for (const left of [code, ...Object.values(LEFT)]) expect(after, `${left} is gone`).not.toContain(left);
    const keys = Object.keys((JSON.parse(after) as { sessionStorage: Record<string, string> }).sessionStorage);
    expect(keys.filter((key) => PERSONS_KEYS.some((person) => key.startsWith(person))), 'none of the person’s keys').toEqual([]);
  }

  it('signed out from the menu', async () => {
    const host = env.staff;
    const code = await leaveEverything(host, 'Menu');
    await host.signOut(HOST);
    await host.tab.waitForUrl((url) => url.pathname === '/account/login');
    await host.tab.text(NL.login.signedOut).waitFor();
    await nothingLeft(host, code);
  }, LONG_TEST_MS);

  it('signed out after a time without activity', async () => {
    const host = env.staff;
    const code = await leaveEverything(host, 'Stil');
    await host.tab.waitForUrl((url) => url.pathname === '/account/login' && url.searchParams.get('reason') === 'idle', (TIMEOUT_S + 15) * 1000);
    await host.tab.text(NL.login.signedOutIdle).waitFor();
    await nothingLeft(host, code);
  }, LONG_TEST_MS);

  it('signed out in another tab of the browser', async () => {
    const host = env.staff;
    const code = await leaveEverything(host, 'Elders');
    const other = new StaffModel(await host.tab.openTab(), env.stack);
    await other.open('/app/home');
    await other.waitForPath('/app/home');
    // Signed in there too: the person's menu in the header, under the name this tab has (ABP's, until it holds the provider's tokens itself).
    let name = '';
    await expect
      .poll(async () => (name = await other.tab.evaluate(() => (document.getElementById('user-menu-button')?.textContent ?? '').replace(/[^\p{L}\s-]/gu, '').trim())), {
        message: 'the person’s menu in the other tab',
        timeout: OUTCOME_MS,
      })
      .not.toBe('');
    await other.signOut(name);
    await host.tab.waitForUrl((url) => url.pathname === '/account/login');
    await nothingLeft(host, code);
    await other.waitForLoginPage();
  }, LONG_TEST_MS);
});
