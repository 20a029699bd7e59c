import { Hono } from 'hono';
import { createAccountServices, type AccountServices } from '../../../devstack/provider/accounts.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import { createUserStore, type UserStore } from '../../../devstack/provider/user-store.ts';
import { Browser, readForm } from './browser.ts';

// Fills in the provider's account pages as a browser would: open the page
// (which sets the form token cookie), then post its form.

export interface Posted {
  status: number;
  location: string | null;
  html: string;
}

export async function openPage(browser: Browser, url: string) {
  const response = await browser.fetch(url);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** Posts the first form of `html` (found at `pageUrl`) with its hidden fields plus `values`. */
export async function postForm(browser: Browser, pageUrl: string, html: string, values: Record<string, string>): Promise<Posted> {
  const form = readForm(html);
  const response = await browser.fetch(new URL(form.action, pageUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, ...values }),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** Opens a page and posts its form in one go, in a fresh browser unless one is given. */
export async function submitPage(url: string, values: Record<string, string>, browser = new Browser()): Promise<Posted> {
  const page = await openPage(browser, url);
  if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
  return postForm(browser, url, page.html, values);
}

/** Follows a POST-redirect-GET answer to its page. */
export async function landing(urls: StackUrls, posted: Posted, browser = new Browser()) {
  if (posted.status !== 303 || !posted.location) throw new Error(`expected a 303, got ${posted.status}: ${posted.html.slice(0, 200)}`);
  return openPage(browser, new URL(posted.location, urls.issuer).href);
}

/** What the user store was asked while a form was answered, and after the answer had gone. */
export interface StoreCalls {
  status: number;
  beforeAnswer: string[];
  afterAnswer: string[];
}

/**
 * The provider's account routes on their own, asked in this process, with
 * every call to the user store recorded: an answer's promise settles before
 * anything the route left for after it (`afterResponse`) runs, so what the
 * answer waited for is told apart from what came after it, with no clock.
 */
export function accountRoutesAlone(register: (app: Hono, services: AccountServices) => void) {
  const users = createUserStore();
  const calls: string[] = [];
  for (const name of Object.keys(users) as (keyof UserStore)[]) {
    const method = users[name] as (...args: unknown[]) => unknown;
    (users[name] as unknown) = (...args: unknown[]) => (calls.push(name), method(...args));
  }
  const app = new Hono();
  register(app, createAccountServices({ issuer: 'https://provider.test', appOrigin: 'https://app.test', users }));
  return {
    /** Opens the form at `path` and posts it with `values`. */
    async submit(path: string, values: Record<string, string>): Promise<StoreCalls> {
      const form = await app.request(path);
      const fields = readForm(await form.text()).fields;
      const cookie = form.headers.get('set-cookie')?.split(';')[0] ?? '';
      calls.length = 0;
      const answer = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ ...fields, ...values }).toString(),
      });
      const beforeAnswer = calls.splice(0);
      await new Promise(setImmediate);
      return { status: answer.status, beforeAnswer, afterAnswer: calls.splice(0) };
    },
  };
}
