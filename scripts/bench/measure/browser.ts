import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import type { DemoUser } from '../../../devstack/stack.ts';
import { APP_STARTED_MARK, HOME_RENDERED_MARK, LOGIN_RENDERED_MARK } from './marks.ts';
import { waitForPrecache } from '../../../devstack/app-server/service-worker.ts';

/** The user every bench sign-in uses: `admin`, who may open every section. */
export function adminOf(stack: { users: readonly DemoUser[] }): DemoUser {
  const admin = stack.users.find((user) => user.userName === 'admin');
  if (!admin) throw new Error('The stack has no admin user.');
  return admin;
}

/** Browser-side observations of one page load, all in ms from that document's navigation start. */

export interface FetchedFile {
  url: string;
  /** "script", "stylesheet", "document", "fetch", ... as the browser classified it. */
  type: string;
  body: Buffer;
  /** When the response ended, from the document's navigation start (Resource Timing). */
  responseEnd: number;
  /** Whether the service worker answered it (from its cache), not the network. */
  fromServiceWorker: boolean;
}

export interface BootRun {
  fcp: number;
  appconfigStart: number;
  getAllStart: number;
  sessionStart: number;
  /** When the app started, its script evaluated (src/start.tsx's mark). */
  appStarted: number;
  homeRendered: number;
  /** Sum of layout shifts up to /app/home (no recent input). */
  cls: number;
  /** Main-frame document loads during the run: 1 when nothing reloaded. */
  documents: number;
  /** Durations (start to response end, preflight included) of the start-up chain's requests. */
  durations: { appconfig: number; getAll: number; session: number };
  /** App-origin files whose response ended before /app/home was on screen. */
  fetched: FetchedFile[];
  /** Every app-origin file of the run, with when it ended. */
  allFetched: FetchedFile[];
  /** The size of GetAll's answer on the wire. */
  getAllBytes: number;
  /** Main-thread tasks longer than 50 ms, from navigation start to /app/home. */
  longTasks: { startTime: number; duration: number }[];
  /** Whether a service worker controlled the page (a second visit). */
  controlled: boolean;
  /** CORS preflights the browser sent before /app/home was on screen, by path. */
  preflights: string[];
}

export interface SignInRun {
  /** From the callback document's fetch start (after the provider's redirects) to /app/home on screen. */
  callbackToHome: number;
  /** From the navigation start of the provider form's submit (provider time and redirects included) to /app/home. */
  submitToHome: number;
  /** App documents loaded from the callback on; 1 means /app/home was reached without a reload. */
  appDocuments: number;
  sameDocument: boolean;
  /**
   * Durations (start to response end, CORS preflight included) of the requests
   * a sign-in cannot do without, one after the other: the token exchange (every
   * token request: a DPoP nonce costs a second one), ExternalAuthenticate, and
   * the GetAll and Session that follow it.
   */
  chain: { token: number; externalAuthenticate: number; getAll: number; session: number };
  /** GetAll and Session requests sent before ExternalAuthenticate (an anonymous start-up the sign-in throws away). */
  before: { getAll: number; session: number };
  /** CORS preflights the browser sent from the callback on, by path. */
  preflights: string[];
}

interface ResourceEntry {
  name: string;
  startTime: number;
  responseEnd: number;
}

interface PageTimings {
  fcp: number | undefined;
  mark: number | undefined;
  appStarted: number | undefined;
  fetchStart: number;
  navigationName: string;
  resources: ResourceEntry[];
  shifts: { value: number; startTime: number; hadRecentInput: boolean }[];
  longTasks: { startTime: number; duration: number }[];
  controlled: boolean;
}

/**
 * Installed before the page's own scripts: collects layout shifts, and resolves
 * window.__benchHome when the home mark is set, so waiting costs the page no polling.
 */
const PAGE_OBSERVERS = (mark: string) => `(() => {
  const shifts = (window.__benchShifts = []);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push({ value: entry.value, startTime: entry.startTime, hadRecentInput: entry.hadRecentInput });
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
  // Long tasks are not buffered: observed from the document's start.
  const longTasks = (window.__benchLongTasks = []);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
  } catch {}
  window.__benchHome = new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName(${JSON.stringify(mark)}).length > 0) {
        observer.disconnect();
        resolve(true);
      }
    }).observe({ type: 'mark', buffered: true });
  });
})();`;

export async function newBenchContext(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
  serviceWorkers: 'allow' | 'block' = 'block',
  mark = HOME_RENDERED_MARK,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    ...(storageState ? { storageState } : {}),
  });
  await context.addInitScript({ content: PAGE_OBSERVERS(mark) });
  return context;
}

/** A page with the HTTP cache off (a first visit) or on (a second one), on a link of `throughput` bytes per second when given. */
/** The CORS preflights of a page, by path: they never reach the page's own request events; the DevTools protocol names them. */
const preflightsOf = new WeakMap<Page, string[]>();

export async function newPage(context: BrowserContext, cacheDisabled = true, throughput?: number): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const preflights: string[] = [];
  preflightsOf.set(page, preflights);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Preflight' || event.request.method === 'OPTIONS') preflights.push(new URL(event.request.url).pathname);
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  if (throughput !== undefined) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: throughput,
      uploadThroughput: throughput,
    });
  }
  return page;
}

/** The page's requests that have not ended yet, by address: what a start that hangs is waiting for. */
function watchPending(page: Page): () => string[] {
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => [...pending].map((request) => request.url());
}

/** A page that did not reach its mark in time, with the requests it still waited for then. */
export class PageNotRendered extends Error {
  constructor(
    message: string,
    readonly pending: readonly string[],
  ) {
    super(message);
    this.name = 'PageNotRendered';
  }
}

async function waitForHome(page: Page, pending: () => string[] = () => [], timeout = 30_000, mark = HOME_RENDERED_MARK): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // What the page shows instead says why: the login page, an error screen, or still the busy screen.
      void whatIsShown(page).then((shown) => {
        const waiting = pending();
        reject(
          new PageNotRendered(
            `The page was not rendered within ${timeout} ms (no ${mark} mark); the page is at ${shown}; still waiting for: ${waiting.join(', ') || 'nothing'}`,
            waiting,
          ),
        );
      });
    }, timeout);
  });
  try {
    await Promise.race([page.evaluate(() => (window as unknown as { __benchHome: Promise<boolean> }).__benchHome), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function whatIsShown(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch((error: unknown) => `(unreadable: ${String(error)})`);
  return `${page.url()} and shows: ${text.replace(/\s+/g, ' ').slice(0, 300)}`;
}

async function readTimings(page: Page, pageMark = HOME_RENDERED_MARK): Promise<PageTimings> {
  return page.evaluate(
    ([mark, started]) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        mark: performance.getEntriesByName(mark)[0]?.startTime,
        appStarted: performance.getEntriesByName(started)[0]?.startTime,
        fetchStart: navigation.fetchStart,
        navigationName: navigation.name,
        resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
          name: entry.name,
          startTime: entry.startTime,
          responseEnd: entry.responseEnd,
        })),
        shifts: (window as unknown as { __benchShifts?: PageTimings['shifts'] }).__benchShifts ?? [],
        longTasks: (window as unknown as { __benchLongTasks?: PageTimings['longTasks'] }).__benchLongTasks ?? [],
        controlled: navigator.serviceWorker?.controller != null,
      };
    },
    [pageMark, APP_STARTED_MARK] as const,
  );
}

function firstMatching(timings: PageTimings, pattern: RegExp, what: string) {
  const entry = timings.resources.find((resource) => pattern.test(resource.name));
  if (!entry) throw new Error(`No ${what} request before the page was rendered (${pattern}).`);
  return entry;
}

const APPCONFIG = /\/assets\/appconfig[^/]*\.json(\?|$)/i;
const GET_ALL = /\/AbpUserConfiguration\/GetAll(\?|$)/i;
const SESSION = /\/Session\/GetCurrentLoginInformations(\?|$)/i;
const IS_TENANT_AVAILABLE = /\/Account\/IsTenantAvailable(\?|$)/i;
const EXTERNAL_AUTHENTICATE = /\/TokenAuth\/ExternalAuthenticate(\?|$)/i;
const TOKEN = /\/token(\?|$)/;

/** The body sizes of the answers whose address matches, as they came over the wire. */
function watchSizes(page: Page, pattern: RegExp): () => Promise<number[]> {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (pattern.test(request.url())) sizes.push(request.sizes().then((size) => size.responseBodySize));
  });
  return () => Promise.all(sizes);
}

/** Collects the bodies of everything the page fetches from the app's origin. */
function recordResponses(page: Page, appOrigin: string): () => Promise<Omit<FetchedFile, 'responseEnd'>[]> {
  const pending: Promise<Omit<FetchedFile, 'responseEnd'> | undefined>[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    if (new URL(response.url()).origin !== appOrigin || response.status() >= 300) return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), type: request.resourceType(), body, fromServiceWorker: response.fromServiceWorker() }))
        .catch(() => undefined),
    );
  });
  return async () => (await Promise.all(pending)).filter((item) => item !== undefined);
}

/** Loads /app/home in `page` and reads what the run observed, up to the page's mark. */
async function bootOn(page: Page, appUrl: string): Promise<BootRun> {
  const appOrigin = new URL(appUrl).origin;
  let documents = 0;
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  const bodies = recordResponses(page, appOrigin);
  const sizes = watchSizes(page, GET_ALL);
  const pending = watchPending(page);
  await page.goto(new URL('/app/home', appUrl).href, { waitUntil: 'commit' });
  await waitForHome(page, pending);
  const preflights = [...(preflightsOf.get(page) ?? [])];
  const timings = await readTimings(page);
  const [getAllBytes] = await sizes();
  if (getAllBytes === undefined) throw new Error('No GetAll answer was seen to its end.');
  if (timings.mark === undefined) throw new Error('The app-home-rendered mark is missing.');
  if (timings.appStarted === undefined) throw new Error(`The ${APP_STARTED_MARK} mark is missing.`);
  if (timings.fcp === undefined) throw new Error('No first-contentful-paint entry.');
  const homeRendered = timings.mark;
  const appconfig = firstMatching(timings, APPCONFIG, 'appconfig');
  const getAll = firstMatching(timings, GET_ALL, 'GetAll');
  const session = firstMatching(timings, SESSION, 'Session');
  const endOf = (url: string, type: string) =>
    type === 'document' ? 0 : (timings.resources.find((resource) => resource.name === url)?.responseEnd ?? Number.POSITIVE_INFINITY);
  const allFetched = (await bodies()).map((file) => ({ ...file, responseEnd: endOf(file.url, file.type) }));
  return {
    fcp: timings.fcp,
    appconfigStart: appconfig.startTime,
    getAllStart: getAll.startTime,
    sessionStart: session.startTime,
    appStarted: timings.appStarted,
    homeRendered,
    cls: timings.shifts
      .filter((shift) => !shift.hadRecentInput && shift.startTime <= homeRendered)
      .reduce((sum, shift) => sum + shift.value, 0),
    documents,
    preflights,
    durations: {
      appconfig: appconfig.responseEnd - appconfig.startTime,
      getAll: getAll.responseEnd - getAll.startTime,
      session: session.responseEnd - session.startTime,
    },
    fetched: allFetched.filter((file) => file.responseEnd <= homeRendered),
    allFetched,
    getAllBytes,
    longTasks: timings.longTasks.filter((task) => task.startTime <= homeRendered),
    controlled: timings.controlled,
  };
}

/** One signed-in start in a fresh context: /app/home from a cold cache, up to the page's mark; on a link of `throughput` bytes per second when given. */
export async function measureBoot(
  browser: Browser,
  appUrl: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  throughput?: number,
): Promise<BootRun> {
  const context = await newBenchContext(browser, storageState);
  try {
    return await bootOn(await newPage(context, true, throughput), appUrl);
  } finally {
    await context.close();
  }
}

/** A new browser's first start: no cookies, a cold cache, /account/login up to the login page's mark. */
export interface FirstStartRun {
  loginRendered: number;
  /** How often the lookup and GetAll were asked for: once each when start-up took index.html's answers. */
  asked: { lookup: number; getAll: number };
}

/** One first start of a new browser: the login page, as a new phone at a building site meets it. */
export async function measureFirstStart(browser: Browser, appUrl: string): Promise<FirstStartRun> {
  const context = await newBenchContext(browser, undefined, 'block', LOGIN_RENDERED_MARK);
  try {
    const page = await newPage(context, true);
    const pending = watchPending(page);
    await page.goto(new URL('/account/login', appUrl).href, { waitUntil: 'commit' });
    await waitForHome(page, pending, 30_000, LOGIN_RENDERED_MARK);
    const timings = await readTimings(page, LOGIN_RENDERED_MARK);
    if (timings.mark === undefined) throw new Error(`The ${LOGIN_RENDERED_MARK} mark is missing.`);
    return {
      loginRendered: timings.mark,
      asked: {
        lookup: timings.resources.filter((resource) => IS_TENANT_AVAILABLE.test(resource.name)).length,
        getAll: timings.resources.filter((resource) => GET_ALL.test(resource.name)).length,
      },
    };
  } finally {
    await context.close();
  }
}

/** The start's scripts and stylesheets that the network answered instead of the worker, by address (all of them when no worker controlled the page). */
export function notFromWorker(run: BootRun): string[] {
  if (!run.controlled) return ['(no service worker controlled the page)'];
  return run.fetched
    .filter((file) => (file.type === 'script' || file.type === 'stylesheet') && !file.fromServiceWorker)
    .map((file) => file.url);
}

/**
 * A second visit: one start of /app/home that installs the service worker
 * and waits until its precache holds the shell, then, in a new tab of the
 * same browser profile, the measured start. It counts only when the worker
 * answered every script and stylesheet of the start (see `notFromWorker`):
 * a start the network served measures no cache.
 */
export async function measureSecondVisit(
  browser: Browser,
  appUrl: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BootRun> {
  const context = await newBenchContext(browser, storageState, 'allow');
  try {
    const first = await newPage(context, false);
    await first.goto(new URL('/app/home', appUrl).href, { waitUntil: 'commit' });
    await waitForHome(first);
    // The app registers its worker once the browser is idle after start-up; the precache fills after that.
    await waitForPrecache(first);
    await first.close();
    return await bootOn(await newPage(context, false), appUrl);
  } finally {
    await context.close();
  }
}

/**
 * From the app's login page through the provider's Dutch form to the app's
 * /app/home address (committed, not yet rendered). `beforeSubmit` runs just
 * before the form is sent.
 */
export async function signInThroughForm(
  page: Page,
  urls: { app: string; issuer: string },
  user: { userName: string; password: string },
  beforeSubmit: () => void = () => {},
): Promise<void> {
  const appOrigin = new URL(urls.app).origin;
  await page.goto(new URL('/account/login', urls.app).href);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.origin === urls.issuer);
  await page.getByLabel('Gebruikersnaam').fill(user.userName);
  await page.getByLabel('Wachtwoord').fill(user.password);
  beforeSubmit();
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.origin === appOrigin && url.pathname === '/app/home', { waitUntil: 'commit', timeout: 30_000 });
}

/**
 * One sign-in in a fresh context, timed from the provider's redirect back to the
 * app until /app/home is on screen. Returns the context's cookies and storage
 * too, for signed-in starts.
 */
export async function measureSignIn(
  browser: Browser,
  urls: { app: string; issuer: string },
  user: { userName: string; password: string },
): Promise<{ run: SignInRun; storageState: Awaited<ReturnType<BrowserContext['storageState']>> }> {
  const context = await newBenchContext(browser);
  try {
    // A fresh profile, so every cache starts cold; left on, as a browser has it, so that the
    // login page's files and preflights serve the callback page as they would for a person.
    const page = await newPage(context, false);
    const appOrigin = new URL(urls.app).origin;
    let counting = false;
    let appDocuments = 0;
    page.on('request', (request: Request) => {
      if (!counting || !request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
      if (new URL(request.url()).origin === appOrigin) appDocuments += 1;
    });
    // Preflights never reach the page's own request events; the DevTools protocol names them.
    const preflights: string[] = [];
    const cdp = await context.newCDPSession(page);
    cdp.on('Network.requestWillBeSent', (event) => {
      if (counting && (event.type === 'Preflight' || event.request.method === 'OPTIONS'))
        preflights.push(new URL(event.request.url).pathname);
    });
    await cdp.send('Network.enable');
    await signInThroughForm(page, urls, user, () => (counting = true));
    await waitForHome(page);
    const timings = await readTimings(page);
    const callback = new URL('/account/logincallback', urls.app).href;
    const duration = (entry: ResourceEntry) => entry.responseEnd - entry.startTime;
    const externalAuthenticate = timings.resources.find((resource) => EXTERNAL_AUTHENTICATE.test(resource.name));
    if (!externalAuthenticate) throw new Error('No ExternalAuthenticate request in the sign-in.');
    const after = timings.resources.filter((resource) => resource.startTime >= externalAuthenticate.responseEnd);
    const before = timings.resources.filter((resource) => resource.startTime < externalAuthenticate.startTime);
    const following = (pattern: RegExp, what: string) => {
      const entry = after.find((resource) => pattern.test(resource.name));
      if (!entry) throw new Error(`No ${what} request after ExternalAuthenticate.`);
      return entry;
    };
    const tokenRequests = timings.resources.filter((resource) => resource.name.startsWith(urls.issuer) && TOKEN.test(resource.name));
    return {
      run: {
        callbackToHome: timings.mark! - timings.fetchStart,
        submitToHome: timings.mark!,
        appDocuments,
        sameDocument: timings.navigationName.startsWith(callback),
        chain: {
          token: tokenRequests.reduce((sum, entry) => sum + duration(entry), 0),
          externalAuthenticate: duration(externalAuthenticate),
          getAll: duration(following(GET_ALL, 'GetAll')),
          session: duration(following(SESSION, 'Session')),
        },
        before: {
          getAll: before.filter((resource) => GET_ALL.test(resource.name)).length,
          session: before.filter((resource) => SESSION.test(resource.name)).length,
        },
        preflights,
      },
      storageState: await context.storageState(),
    };
  } finally {
    await context.close();
  }
}

/** With JavaScript off, index.html alone: is the Dutch busy label on screen, and was it painted? */
export async function indicatorWithoutScript(
  browser: Browser,
  appUrl: string,
  label: string,
): Promise<{ visible: boolean; fcp: number | undefined }> {
  const context = await browser.newContext({ serviceWorkers: 'block', javaScriptEnabled: false, locale: 'nl-NL' });
  try {
    const page = await context.newPage();
    await page.goto(new URL('/app/home', appUrl).href);
    const visible = await page.getByText(label, { exact: true }).isVisible();
    // Paint timing needs a frame after load; page scripts are off, but evaluate still runs.
    await page.waitForTimeout(200);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    return { visible, fcp };
  } finally {
    await context.close();
  }
}
