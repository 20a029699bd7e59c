import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { HOME_RENDERED_MARK } from './marks.ts';

/** Browser-side observations of one page load, all in ms from that document's navigation start. */

export interface FetchedFile {
  url: string;
  /** "script", "stylesheet", "document", "fetch", ... as the browser classified it. */
  type: string;
  body: Buffer;
  /** When the response ended, from the document's navigation start (Resource Timing). */
  responseEnd: number;
}

export interface BootRun {
  fcp: number;
  appconfigStart: number;
  getAllStart: number;
  sessionStart: number;
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
}

export interface SignInRun {
  /** From the callback document's fetch start (after the provider's redirects) to /app/home on screen. */
  callbackToHome: number;
  /** From the navigation start of the provider form's submit (provider time and redirects included) to /app/home. */
  submitToHome: number;
  /** App documents loaded from the callback on; 1 means /app/home was reached without a reload. */
  appDocuments: number;
  sameDocument: boolean;
}

interface PageTimings {
  fcp: number | undefined;
  mark: number | undefined;
  fetchStart: number;
  navigationName: string;
  resources: { name: string; startTime: number; responseEnd: number }[];
  shifts: { value: number; startTime: number; hadRecentInput: boolean }[];
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
  window.__benchHome = new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName(${JSON.stringify(mark)}).length > 0) {
        observer.disconnect();
        resolve(true);
      }
    }).observe({ type: 'mark', buffered: true });
  });
})();`;

export async function newBenchContext(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    ...(storageState ? { storageState } : {}),
  });
  await context.addInitScript({ content: PAGE_OBSERVERS(HOME_RENDERED_MARK) });
  return context;
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

async function waitForHome(page: Page, timeout = 30_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`/app/home was not rendered within ${timeout} ms (no ${HOME_RENDERED_MARK} mark).`)), timeout);
  });
  try {
    await Promise.race([page.evaluate(() => (window as unknown as { __benchHome: Promise<boolean> }).__benchHome), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function readTimings(page: Page): Promise<PageTimings> {
  return page.evaluate((mark) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      mark: performance.getEntriesByName(mark)[0]?.startTime,
      fetchStart: navigation.fetchStart,
      navigationName: navigation.name,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        name: entry.name,
        startTime: entry.startTime,
        responseEnd: entry.responseEnd,
      })),
      shifts: (window as unknown as { __benchShifts?: PageTimings['shifts'] }).__benchShifts ?? [],
    };
  }, HOME_RENDERED_MARK);
}

function firstMatching(timings: PageTimings, pattern: RegExp, what: string) {
  const entry = timings.resources.find((resource) => pattern.test(resource.name));
  if (!entry) throw new Error(`No ${what} request before /app/home (${pattern}).`);
  return entry;
}

const APPCONFIG = /\/assets\/appconfig[^/]*\.json(\?|$)/i;
const GET_ALL = /\/AbpUserConfiguration\/GetAll(\?|$)/i;
const SESSION = /\/Session\/GetCurrentLoginInformations(\?|$)/i;

/** Collects the bodies of everything the page fetches from the app's origin. */
function recordResponses(page: Page, appOrigin: string): () => Promise<{ url: string; type: string; body: Buffer }[]> {
  const pending: Promise<{ url: string; type: string; body: Buffer } | undefined>[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    if (new URL(response.url()).origin !== appOrigin || response.status() >= 300) return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), type: request.resourceType(), body }))
        .catch(() => undefined),
    );
  });
  return async () => (await Promise.all(pending)).filter((item) => item !== undefined);
}

/** One signed-in start in a fresh context: /app/home from a cold cache, up to the page's mark. */
export async function measureBoot(browser: Browser, appUrl: string, storageState: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BootRun> {
  const context = await newBenchContext(browser, storageState);
  try {
    const page = await newPage(context);
    const appOrigin = new URL(appUrl).origin;
    let documents = 0;
    page.on('request', (request: Request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
    });
    const bodies = recordResponses(page, appOrigin);
    await page.goto(new URL('/app/home', appUrl).href, { waitUntil: 'commit' });
    await waitForHome(page);
    const timings = await readTimings(page);
    if (timings.mark === undefined) throw new Error('The app-home-rendered mark is missing.');
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
      homeRendered,
      cls: timings.shifts.filter((shift) => !shift.hadRecentInput && shift.startTime <= homeRendered).reduce((sum, shift) => sum + shift.value, 0),
      documents,
      durations: {
        appconfig: appconfig.responseEnd - appconfig.startTime,
        getAll: getAll.responseEnd - getAll.startTime,
        session: session.responseEnd - session.startTime,
      },
      fetched: allFetched.filter((file) => file.responseEnd <= homeRendered),
      allFetched,
    };
  } finally {
    await context.close();
  }
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
    const page = await newPage(context);
    const appOrigin = new URL(urls.app).origin;
    let counting = false;
    let appDocuments = 0;
    page.on('request', (request: Request) => {
      if (!counting || !request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
      if (new URL(request.url()).origin === appOrigin) appDocuments += 1;
    });
    await page.goto(new URL('/account/login', urls.app).href);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL((url) => url.origin === urls.issuer);
    await page.getByLabel('Gebruikersnaam').fill(user.userName);
    await page.getByLabel('Wachtwoord').fill(user.password);
    counting = true;
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL((url) => url.origin === appOrigin && url.pathname === '/app/home', { waitUntil: 'commit', timeout: 30_000 });
    await waitForHome(page);
    const timings = await readTimings(page);
    const callback = new URL('/account/logincallback', urls.app).href;
    return {
      run: {
        callbackToHome: timings.mark! - timings.fetchStart,
        submitToHome: timings.mark!,
        appDocuments,
        sameDocument: timings.navigationName.startsWith(callback),
      },
      storageState: await context.storageState(),
    };
  } finally {
    await context.close();
  }
}

/** With JavaScript off, index.html alone: is the Dutch busy label on screen, and was it painted? */
export async function indicatorWithoutScript(browser: Browser, appUrl: string, label: string): Promise<{ visible: boolean; fcp: number | undefined }> {
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
