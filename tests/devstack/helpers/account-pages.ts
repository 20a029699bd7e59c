import type { StackUrls } from '../../../devstack/stack.ts';
import { Browser, readForm } from './browser.ts';

// Fills in the provider's account pages as a browser would: open the page
// (which sets the form token cookie), then post its form.

export interface Posted {
  status: number;
  location: string | null;
  html: string;
  /** How long the POST took, in milliseconds. */
  ms: number;
}

export async function openPage(browser: Browser, url: string) {
  const response = await browser.fetch(url);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** Posts the first form of `html` (found at `pageUrl`) with its hidden fields plus `values`. */
export async function postForm(browser: Browser, pageUrl: string, html: string, values: Record<string, string>): Promise<Posted> {
  const form = readForm(html);
  const started = performance.now();
  const response = await browser.fetch(new URL(form.action, pageUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, ...values }),
  });
  const ms = performance.now() - started;
  return { status: response.status, location: response.headers.get('location'), html: await response.text(), ms };
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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
