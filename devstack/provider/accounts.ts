import type { Context } from 'hono';
import { createLockout, type Lockout } from './lockout.ts';
import { createMailbox, type Mailbox } from './mailbox.ts';
import { createOneTimeLinks, type OneTimeLinks } from './one-time-links.ts';
import { languageCookie, languageFrom, pageLanguage, type Language } from './texts.ts';
import type { UserStore } from './user-store.ts';
import { createVerificationCodes, type VerificationCodes } from './verification-codes.ts';

// What the provider's account features share: the accounts, the lockout
// counts, the mailbox, the mailed links and codes, and one clock for all
// of their expiry times.

export interface AccountServices {
  issuer: string;
  appOrigin: string;
  users: UserStore;
  lockout: Lockout;
  mailbox: Mailbox;
  links: OneTimeLinks;
  codes: VerificationCodes;
  /** Milliseconds since the epoch. */
  clock: () => number;
}

export function createAccountServices(input: {
  issuer: string;
  appOrigin: string;
  users: UserStore;
  clock?: () => number;
}): AccountServices {
  const clock = input.clock ?? Date.now;
  return {
    issuer: input.issuer,
    appOrigin: input.appOrigin,
    users: input.users,
    lockout: createLockout(),
    mailbox: createMailbox(clock),
    links: createOneTimeLinks(clock),
    codes: createVerificationCodes(clock),
    clock,
  };
}

/** The app's own sign-in page, where every account page leads back to. */
export function appSignInUrl(services: AccountServices): string {
  return `${services.appOrigin}/account/login`;
}

/**
 * Runs the part of a form answer that depends on whether an account exists
 * (looking it up, mailing it) after the answer has gone out. The answer is
 * then built by the same steps for every name, so neither its text nor its
 * timing can tell known names from unknown ones.
 */
export function afterResponse(job: () => void): void {
  setImmediate(() => {
    try {
      job();
    } catch (error) {
      console.error('devstack: an account job failed', error);
    }
  });
}

/** Reads one text field of a parsed form; anything else counts as empty. */
export function field(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/** The language of an account page: its `ui_locales`, else the one this browser's last sign-in or page asked for, else Dutch. */
export function requestLanguage(c: Context): Language {
  return pageLanguage(c.req.query('ui_locales'), c.req.header('cookie'));
}

/** Security headers of every provider page we render ourselves; a page opened with `ui_locales` remembers it for the next ones. */
export async function pageHeaders(c: Context, next: () => Promise<void>): Promise<void> {
  await next();
  const asked = languageFrom(c.req.query('ui_locales'));
  if (asked) c.header('Set-Cookie', languageCookie(asked), { append: true });
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', "frame-ancestors 'none'");
  c.header('Referrer-Policy', 'no-referrer');
}
