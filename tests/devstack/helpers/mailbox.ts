import type { MailMessage } from '../../../devstack/provider/mailbox.ts';
import type { StackUrls } from '../../../devstack/stack.ts';
import { SOON_MS } from '../../support/limits.ts';

// Reads the provider's local mailbox the way a test runner in another
// process would: over HTTP.

export async function readMailbox(urls: StackUrls): Promise<MailMessage[]> {
  const response = await fetch(`${urls.issuer}/mailbox.json`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return ((await response.json()) as { messages: MailMessage[] }).messages;
}

/** Messages to one address (or phone number), newest first. */
export async function mailTo(urls: StackUrls, to: string): Promise<MailMessage[]> {
  return (await readMailbox(urls)).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** The ids of the messages to `to` so far, to wait for a newer one. */
export async function seenMail(urls: StackUrls, to: string): Promise<Set<string>> {
  return new Set((await mailTo(urls, to)).map((m) => m.id));
}

/**
 * Waits for the newest message to `to` whose subject matches and that is
 * not in `seen`. Account mails go out just after the page has answered, so
 * they may need a moment.
 */
export async function waitForMail(
  urls: StackUrls,
  to: string,
  subject: RegExp,
  seen = new Set<string>(),
  timeoutMs = SOON_MS,
): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(urls, to)).find((m) => subject.test(m.subject) && !seen.has(m.id));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Lets mail jobs that were queued after an answer run, then returns the mailbox size. */
export async function settledMailCount(urls: StackUrls): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return (await readMailbox(urls)).length;
}
