// The one interface every engine's tab and browser offer (driver.ts says
// what it is for); each engine's file implements it, and driver.ts launches one.

export type Engine = 'chromium' | 'firefox' | 'webkit';
/** The engines whose requests the tests can see with their headers (WebKit's classic WebDriver shows none). */
export const ENGINES_SEEING_REQUESTS: readonly Engine[] = ['chromium', 'firefox'];
/** The engines whose driver can take a tab offline (navigator.onLine false); WebKit's classic WebDriver cannot. */
export const OFFLINE_ENGINES: readonly Engine[] = ['chromium', 'firefox'];

/** The roles the journeys look for. */
export type Role =
  'button' | 'link' | 'heading' | 'textbox' | 'checkbox' | 'combobox' | 'dialog' | 'status' | 'alert' | 'navigation' | 'menu' | 'row';

export interface Viewport {
  width: number;
  height: number;
}

export interface SeenRequest {
  url: string;
  method: string;
  /** Request headers as sent, names in lower case, cookies included. */
  headers: Record<string, string>;
  /** Made for the tab's top document or one of its frames, not a script's fetch. */
  navigation: boolean;
  /** Settles once `headers` are the ones sent, where the driver learns them only after the request (Chromium); absent where they are from the start. */
  sent?: Promise<void>;
}

export interface SeenMessage {
  /** `error`, `warn`, `log`, … as the console names it. */
  type: string;
  text: string;
}

export interface SeenCookie {
  name: string;
  value: string;
  domain: string;
}

/** A control or text on the page, found again at each action (as a person looks again). */
export interface Target {
  /** Waits until it is visible. */
  waitFor(timeout?: number): Promise<void>;
  click(timeout?: number): Promise<void>;
  /** Two clicks as fast as a person's double click (not in WebKit, whose driver finds controls by a script and clicks them one WebDriver command at a time). */
  doubleClick(timeout?: number): Promise<void>;
  /** Replaces what the field holds. */
  fill(value: string, timeout?: number): Promise<void>;
  /** Chooses the option with this text in the list (a `select`), as a person picks it. */
  choose(option: string, timeout?: number): Promise<void>;
  /** Presses Enter in the field, as a person sends the form it belongs to. */
  pressEnter(timeout?: number): Promise<void>;
  /** Its visible text, once it shows. */
  text(timeout?: number): Promise<string>;
  /** Whether it shows now. */
  visible(): Promise<boolean>;
}

export interface Tab {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /**
   * Reloads as a person does, and accepts what the page asks first (a
   * `beforeunload` dialog): the dialog's type, or undefined when none came.
   * Not in WebKit: classic WebDriver accepts a `beforeunload` dialog unseen.
   */
  reloadAccepting(): Promise<string | undefined>;
  url(): string;
  role(role: Role, name: string): Target;
  label(label: string): Target;
  text(text: string): Target;
  waitForUrl(test: (url: URL) => boolean, timeout?: number): Promise<void>;
  /** Runs in the page with `arg` (plain data); the function must not use anything outside itself. */
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  sessionStorage(): Promise<Record<string, string>>;
  /** The cookies the browser keeps for this address (in this tab's own jar). */
  cookies(url: string): Promise<SeenCookie[]>;
  /** Sets a cookie for an origin as its server would (`SameSite=None; Secure`, as a provider's session cookie). */
  setCookie(url: string, name: string, value: string): Promise<void>;
  setViewport(viewport: Viewport): Promise<void>;
  /** Runs script text in the page, as the engine's driver does, the page's CSP not asked (a library's source, such as axe-core's). */
  addScript(source: string): Promise<void>;
  /** Takes the tab off the network and back, as the browser's own offline mode (in the engines of OFFLINE_ENGINES). */
  setOffline(offline: boolean): Promise<void>;
  screenshot(path: string, options?: { fullPage?: boolean }): Promise<void>;
  /** Every request of the tab from its start on. */
  readonly requests: readonly SeenRequest[];
  /** The console messages of the tab's pages from its start on; undefined where the engine's driver shows none (WebKit's classic WebDriver). */
  readonly console: readonly SeenMessage[] | undefined;
  /** `open` makes the page open a popup (a click); `work` is done in it, then this waits until the popup has closed itself. */
  withPopup(open: () => Promise<void>, work: (popup: Tab) => Promise<void>, timeout?: number): Promise<void>;
  /**
   * Another tab of the same browser context, blank, as a person opens one
   * and types the address: it shares cookies, localStorage, BroadcastChannel
   * and Web Locks with this one, and has a sessionStorage of its own (empty:
   * the page did not open it). In Firefox and WebKit it is a window of its
   * own, so both pages stay visible and their timers run unthrottled, as two
   * windows side by side. Closing it closes only that tab.
   */
  openTab(): Promise<Tab>;
  /** Closes the tab; the first tab of a context closes it with its cookies, storage and every other tab. */
  close(): Promise<void>;
}

export interface EngineBrowser {
  readonly engine: Engine;
  /** A tab in a fresh browser context of its own: no cookies, no storage. */
  newTab(options?: { viewport?: Viewport }): Promise<Tab>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** The person's languages, the browser's Accept-Language: `nl-NL,nl` (default) or `en-US,en`. */
  languages?: string;
  /** `blocked` (default) as the browsers staff use; `allowed` only to show that a test of it can fail. */
  thirdPartyCookies?: 'blocked' | 'allowed';
  /** Whether the tabs' screenshots are taken (`Tab.screenshot`): WebKit then paints as it does by default, at a higher cost (webkit.ts). */
  screenshots?: boolean;
}

/** What a launch sets in the browser itself, every choice made: each engine's launch takes these. */
export type BrowserPrefs = Required<Pick<LaunchOptions, 'languages' | 'thirdPartyCookies'>>;

/** The choices a launch's options leave out: Dutch, third-party cookies blocked. */
export const DEFAULT_PREFS: BrowserPrefs = { languages: 'nl-NL,nl', thirdPartyCookies: 'blocked' };

/** What an engine's file offers: the same browser, with every tab's viewport given. */
export interface EngineLaunch {
  readonly engine: Engine;
  newTab(options: { viewport: Viewport }): Promise<Tab>;
  close(): Promise<void>;
}

/** A page of playwright-core or puppeteer-core, as far as its dialogs go (both name the event `dialog`). */
interface DialogEvents<D extends { type(): string; accept(): Promise<void> }> {
  once(event: 'dialog', listener: (dialog: D) => void): unknown;
  off(event: 'dialog', listener: (dialog: D) => void): unknown;
}

/** Runs `reload`, accepting the dialog the page opens meanwhile (beforeunload's); says which kind it was, if one came. */
export async function reloadAcceptingDialog<D extends { type(): string; accept(): Promise<void> }>(
  page: DialogEvents<D>,
  reload: () => Promise<unknown>,
): Promise<string | undefined> {
  let asked: string | undefined;
  const answer = (dialog: D) => {
    asked = dialog.type();
    void dialog.accept();
  };
  page.once('dialog', answer);
  try {
    await reload();
  } finally {
    page.off('dialog', answer);
  }
  return asked;
}
