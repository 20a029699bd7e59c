import type { Stack } from '../../../devstack/stack.ts';
import type { Tab, Target } from '../support/driver.ts';
import { INACTIVITY_WATCH_MARK } from '../../../src/session/inactivityMark.ts';
import { EN, NL } from './texts.ts';
import { CALLBACK_OUTCOME_MS, eventually, OUTCOME_MS } from './watch.ts';

/**
 * One look at the page's inactivity watch, in one script so both are seen
 * at the same moment: when the watch started (its mark's detail, the page's
 * Date), and whether a dialog shows. `null`, not undefined, for no start:
 * WebDriver answers a script's undefined as null.
 */
export function lookAtInactivityWatch(tab: Tab): Promise<{ started: number | null; dialog: boolean }> {
  return tab.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0] as PerformanceMark | undefined;
    return { started: entry ? (entry.detail as number) : null, dialog: document.querySelectorAll('dialog.dialog').length > 0 };
  }, INACTIVITY_WATCH_MARK);
}

/** Which language the page speaks. */
export type Language = 'nl' | 'en';

/** The texts a person reads in each language the tests switch to. */
const TEXTS = { nl: NL, en: EN } as const;

/**
 * What a test that opened the page itself can tell beyond the one tab
 * interface (AppModel, on playwright-core's own page in Chromium).
 */
export interface OwnPage {
  /** The header's button of the person's menu, found by its id: the person's menu without their name. */
  readonly userMenuButton: Target;
  /** Waits for the page's load event, which the tab interface does not tell, once a sign-in is back at the app. */
  loaded(): Promise<void>;
}

/**
 * The app as a person uses it, written once for every engine on the one tab
 * interface (support/driver.ts): the app's login page, the provider's form,
 * Home, the person's menu, Mijn account's connection, sign-out, what the tab
 * keeps. This is the one place a person's action is written: Firefox and
 * WebKit use it on their tab, the Chromium tests as `app.person` on
 * playwright-core's own page (through `chromiumTab`), whose AppModel keeps
 * only what needs playwright (held requests, the page clock, the whole
 * context's console, the locators of its checks) and hands this model the
 * page's own help (OwnPage); docs/testing.md, "Engines", says which to use.
 */
export class StaffModel {
  constructor(
    readonly tab: Tab,
    readonly stack: Stack,
    /** Given on a page the test opened itself (AppModel's): its menu button and its load event. */
    private readonly own?: OwnPage,
  ) {}

  url(path: string): string {
    return new URL(path, this.stack.urls.app).href;
  }

  open(path: string): Promise<void> {
    return this.tab.goto(this.url(path));
  }

  /**
   * What the page shows once a popup's sign-in has handed over: this page then redeems the code at the provider and
   * does what waited for it, the work of a sign-in's return, so it gets the callback's time. Fails saying what the page
   * showed instead, and what it logged.
   */
  async waitAfterPopup(target: Target, what: string): Promise<void> {
    try {
      await target.waitFor(CALLBACK_OUTCOME_MS);
    } catch (error) {
      const shown = await this.tab.evaluate(() => document.body.innerText).catch((reason: unknown) => `(not readable: ${String(reason)})`);
      const logged = (this.tab.console ?? []).filter((message) => message.type === 'error' || message.type === 'warn').slice(-5);
      throw new Error(
        `${what} did not show within ${CALLBACK_OUTCOME_MS} ms after the popup; ${this.tab.url()} showed: ${shown.replace(/\s+/g, ' ').slice(0, 400)}` +
          (logged.length > 0 ? `; it logged: ${logged.map((message) => `${message.type} ${message.text}`).join(' | ')}` : ''),
        { cause: error },
      );
    }
  }

  /** The page's address is on the app, with this path. */
  async waitForPath(path: string, timeout = OUTCOME_MS): Promise<void> {
    const app = new URL(this.stack.urls.app).origin;
    await this.tab.waitForUrl((url) => url.origin === app && url.pathname === path, timeout);
  }

  onProvider(): boolean {
    return new URL(this.tab.url()).origin === new URL(this.stack.urls.issuer).origin;
  }

  /** The language the page speaks now (`<html lang>`): the app's, and the provider's, which the app asks for in its language. */
  async language(): Promise<Language> {
    return (await this.lang()).startsWith('en') ? 'en' : 'nl';
  }

  /** The app's login page is there: its "Inloggen" button shows. */
  async waitForLoginPage(timeout = OUTCOME_MS): Promise<void> {
    await this.tab.role('button', NL.login.signIn).waitFor(timeout);
  }

  /**
   * "Inloggen" (or the button given) on the app's login page, then the
   * provider's form (unless it still knows the person), back to the app; on
   * a page the test opened itself (OwnPage), its load awaited too.
   */
  async signIn(userName = 'admin', password = '123qwe', button: Target = this.tab.role('button', NL.login.signIn)): Promise<void> {
    await this.signInAt(userName, password, button);
    await this.own?.loaded();
  }

  /** `signIn` without the wait for the page's load: the way to a page that is waited for as such (Home, an environment). */
  private async signInAt(
    userName = 'admin',
    password = '123qwe',
    button: Target = this.tab.role('button', NL.login.signIn),
  ): Promise<void> {
    const issuer = new URL(this.stack.urls.issuer).origin;
    const app = new URL(this.stack.urls.app).origin;
    await button.click();
    await this.tab.waitForUrl((url) => url.origin === issuer || url.pathname === '/account/logincallback');
    if (!this.onProvider()) return;
    await this.fillProviderForm(userName, password);
    await this.submitProviderForm();
    await this.tab.waitForUrl((url) => url.origin === app);
  }

  /** Starts a real sign-in (a transaction is stored): presses "Inloggen" and stops at the provider's page. */
  async startSignIn(): Promise<void> {
    const issuer = new URL(this.stack.urls.issuer).origin;
    await this.tab.role('button', NL.login.signIn).click();
    await this.tab.waitForUrl((url) => url.origin === issuer);
  }

  /** The provider's form shows (not a silent sign-in), in the language the app asked for (ui_locales): that language. */
  async waitForProviderForm(timeout = OUTCOME_MS): Promise<Language> {
    return eventually(
      async () => {
        for (const language of ['nl', 'en'] as const)
          if (await this.tab.label(TEXTS[language].provider.userName).visible()) return language;
        return undefined;
      },
      'the provider’s form',
      timeout,
    );
  }

  async fillProviderForm(userName = 'admin', password = '123qwe'): Promise<void> {
    const texts = TEXTS[await this.waitForProviderForm()];
    await this.tab.label(texts.provider.userName).fill(userName);
    await this.tab.label(texts.provider.password).fill(password);
  }

  async submitProviderForm(): Promise<void> {
    await this.tab.role('button', TEXTS[await this.language()].provider.signIn).click();
  }

  /** From the app's login page through the provider's form to Home (admin unless told). */
  async signInToHome(userName = 'admin', password = '123qwe', greeting: string | RegExp = NL.shell.welcome): Promise<void> {
    await this.open('/account/login');
    await this.signInAt(userName, password);
    await this.waitForHome(greeting);
  }

  /** From the app's login page, the environment of that short name chosen (empty: central administration, the host), through the provider's form to Home. */
  async signInToEnvironment(environment: string, userName: string): Promise<void> {
    await this.open('/account/login');
    await this.tab.role('button', NL.tenant.change).click();
    await this.tab.label(NL.tenant.field).fill(environment);
    await this.tab.role('button', NL.tenant.save).click();
    await this.tab.text(NL.tenant.current(environment ? `Isolatie ${environment}` : NL.tenant.host)).waitFor();
    await this.signInAt(userName);
    await this.waitForPath('/app/home');
  }

  /**
   * The host's administrator signs in to central administration and opens
   * "Nieuwe omgeving" in Omgevingen. Beheer's screen first: its code comes on
   * demand, and a click on its list before it stands may land on nothing.
   */
  async hostAtNewEnvironment(): Promise<void> {
    await this.signInToEnvironment('', 'host');
    await this.tab.role('link', NL.section.beheer).click();
    await this.tab.role('heading', NL.section.beheer).waitFor();
    await this.tab.text(NL.beheer.tenants).click();
    await this.tab.role('heading', NL.beheer.tenants).waitFor();
    await this.tab.role('link', NL.handover.newEnvironment).click();
  }

  /** Home greets the person (admin unless told): its heading reads the greeting, or matches it. */
  async waitForHome(greeting: string | RegExp = NL.shell.welcome): Promise<void> {
    await this.waitForPath('/app/home');
    if (typeof greeting === 'string') await this.tab.role('heading', greeting).waitFor();
    else
      await eventually(
        async () => greeting.test(await this.tab.evaluate(() => document.querySelector('h1')?.textContent ?? '')),
        `a heading ${String(greeting)}`,
      );
  }

  /**
   * The inactivity watch of this tab has started (the page's own mark,
   * src/session/inactivityMark.ts): the moment it counts from, by the page's
   * clock. Its code comes after Home is drawn, and a tab whose watch starts
   * tells the other tabs so, which counts as activity there: a test that
   * moves a clock before it would see this tab count from later than the
   * others. Not under Playwright's page clock, whose `performance` keeps no marks.
   */
  async waitForInactivityWatch(): Promise<number> {
    // Epoch ms: never 0.
    return eventually(async () => (await lookAtInactivityWatch(this.tab)).started, 'the inactivity watch’s start');
  }

  /**
   * Opens the person's menu (language, Mijn account, sign-out) unless it is
   * open: by the person's name in the header (the button's name also holds
   * the ▾ after it) or the button given, or on a page the test opened itself
   * (OwnPage) by the button's id; on a phone that button is hidden and the
   * menu is part of the panel behind "Menu".
   */
  async openUserMenu(person?: string | Target): Promise<void> {
    const texts = TEXTS[await this.language()];
    // Open, or opening (its code comes when first opened): the header's button says it is expanded.
    const open = await this.tab.evaluate(() => document.querySelector('header button[aria-expanded="true"]') !== null);
    const button = typeof person === 'string' ? this.tab.text(person) : (person ?? this.userMenuButton());
    if (!open) await ((await button.visible()) ? button : this.tab.role('button', texts.shell.menu)).click();
    await this.tab.role('button', texts.shell.signOut).waitFor();
  }

  /** The header's button of the person's menu where no name is given: the page's own (OwnPage), else a mistake of the test. */
  private userMenuButton(): Target {
    if (this.own) return this.own.userMenuButton;
    throw new Error('the person’s menu is found by their name on this tab: give it');
  }

  /** Mijn account from the person's menu, its page there (before its token is had). */
  async goToMyAccount(person?: string | Target): Promise<void> {
    await this.openUserMenu(person);
    await this.tab.role('link', NL.shell.myAccount).click();
    await this.tab.role('heading', NL.shell.myAccount).waitFor();
  }

  /** Mijn account, its forms shown: its token of its own had with the one click the browsers staff use need (their frames never see the provider's cookie). */
  async openMyAccount(person?: string | Target): Promise<void> {
    await this.goToMyAccount(person);
    await this.connectMyAccount();
  }

  /** "Verbinden met de inlogdienst" where Mijn account asks for it: a popup at the provider's org server that closes by itself (its session asks no password). */
  async pressConnect(): Promise<void> {
    await this.tab.text('Je browser laat de inlogdienst hier niet zien dat je bent ingelogd').waitFor();
    await this.tab.withPopup(
      () => this.tab.role('button', 'Verbinden met de inlogdienst').click(),
      async () => undefined,
    );
  }

  /** Mijn account's one click, then its forms. */
  async connectMyAccount(): Promise<void> {
    await this.pressConnect();
    await this.waitAfterPopup(this.tab.role('button', 'Naam opslaan'), 'Mijn account’s forms');
  }

  /** Beheer from the sections' menu, then its Gebruikers. */
  async openUsers(): Promise<void> {
    await this.tab.role('link', NL.section.beheer).click();
    await this.tab.role('heading', NL.section.beheer).waitFor();
    await this.tab.text(NL.beheer.users).click();
    await this.tab.role('heading', NL.beheer.users).waitFor();
  }

  /** Beheer from the sections' menu, then its Rollen. */
  async openRoles(): Promise<void> {
    await this.tab.role('link', NL.section.beheer).click();
    await this.tab.role('heading', NL.section.beheer).waitFor();
    await this.tab.text(NL.beheer.roles).click();
    await this.tab.role('heading', NL.beheer.roles).waitFor();
  }

  /** The permissions ticked in a role's form, by their names (`Pages.Crm`), sorted. */
  tickedPermissions(): Promise<string[]> {
    return this.tab.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('input[name="grantedPermissions"]:checked')].map((input) => input.value).sort(),
    );
  }

  /** A person's form, from the link of Gebruikers' list with their full name. */
  async openPerson(fullName: string): Promise<void> {
    await this.tab.role('link', fullName).click();
    await this.tab.role('heading', fullName).waitFor();
  }

  /** What someone else saved while the form was open, as its dialog shows it: each field's name with their value and this form's (and, third, the value as the form opened on it). */
  otherChanges(): Promise<Record<string, [theirs: string, mine: string, opened: string]>> {
    return this.tab.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('[role=alertdialog] tbody tr')].map((row) => {
          const [opened, theirs, mine] = [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim());
          return [(row.querySelector('th')?.textContent ?? '').trim(), [theirs ?? '', mine ?? '', opened ?? '']];
        }),
      ),
    );
  }

  /** What someone else changed right after this tab's write, as the read-back's dialog shows it: each field's name with what this tab saved and what is saved now. */
  changedAfterWrite(): Promise<Record<string, [written: string, now: string]>> {
    return this.tab.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('[role=alertdialog] tbody tr')].map((row) => {
          const [written, now] = [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim());
          return [(row.querySelector('th')?.textContent ?? '').trim(), [written ?? '', now ?? '']];
        }),
      ),
    );
  }

  /** "Uitloggen" (or "Sign out") in the person's menu. */
  async signOut(person?: string | Target): Promise<void> {
    await this.openUserMenu(person);
    await this.tab.role('button', TEXTS[await this.language()].shell.signOut).click();
  }

  /** "Opnieuw inloggen" shows: the session was interrupted. */
  interrupted(): Promise<boolean> {
    return this.tab.role('button', NL.session.signInAgain).visible();
  }

  /** Marks the document, so a later look can tell whether the page was loaded anew. */
  async markPage(): Promise<void> {
    await this.tab.evaluate(() => {
      (window as unknown as { kept?: boolean }).kept = true;
    });
  }

  /** The document marked by `markPage` is still the one shown: no reload, no navigation away. */
  async pageKept(): Promise<boolean> {
    return (await this.tab.evaluate(() => (window as unknown as { kept?: boolean }).kept)) === true;
  }

  /** The page's language, `<html lang>`. */
  lang(): Promise<string> {
    return this.tab.evaluate(() => document.documentElement.lang);
  }

  /** The backend's token (the `Abp.AuthToken` cookie), shared by every tab of the browser. */
  async backendToken(): Promise<string | undefined> {
    return (await this.tab.cookies(this.stack.urls.app)).find((cookie) => cookie.name === 'Abp.AuthToken')?.value;
  }

  /** The provider's refresh token this tab holds (sessionStorage, the tab's own). */
  async refreshToken(): Promise<string | undefined> {
    const raw = (await this.tab.sessionStorage())['oidc.tokens'];
    return raw ? ((JSON.parse(raw) as { refreshToken?: string }).refreshToken ?? undefined) : undefined;
  }

  /** A field's message: the text the field (found by its label) names as its description and shows as its error; empty when none. */
  fieldMessage(label: string): Promise<string> {
    // Sent to the page as source text: nothing named inside (a bundler may wrap named functions in its own helpers).
    return this.tab.evaluate((wanted) => {
      const field = [...document.querySelectorAll('label')].find(
        (candidate) => (candidate.textContent ?? '').replace(/\s+/g, ' ').trim() === wanted,
      )?.control;
      const ids = field?.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
      const message = ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('field-error'));
      return (message?.textContent ?? '').replace(/\s+/g, ' ').trim();
    }, label);
  }

  /** What a field holds now. */
  fieldValue(label: string): Promise<string | undefined> {
    return this.tab.evaluate((wanted) => {
      const field = [...document.querySelectorAll('label')].find(
        (candidate) => (candidate.textContent ?? '').replace(/\s+/g, ' ').trim() === wanted,
      )?.control;
      return field && 'value' in field ? String(field.value) : undefined;
    }, label);
  }

  /** Whether the checkbox labelled so is ticked. */
  fieldChecked(label: string): Promise<boolean> {
    return this.tab.evaluate((wanted) => {
      const field = [...document.querySelectorAll('label')].find(
        (candidate) => (candidate.textContent ?? '').replace(/\s+/g, ' ').trim() === wanted,
      )?.control;
      return field instanceof HTMLInputElement && field.checked;
    }, label);
  }
}
