/**
 * The one check of an e-mail address the app makes before sending it: some
 * text, one `@`, some text, no spaces. ABP and the sign-in service check it
 * their own way when it arrives; this only keeps a typing slip from costing
 * a round trip. Here, beside the calls it guards, since only Beheer's and
 * the host's forms ask for an address: outside management/ it would pull the
 * host's screen into what every phone keeps at install (scripts/build/precache.ts).
 */
export function looksLikeEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text);
}
