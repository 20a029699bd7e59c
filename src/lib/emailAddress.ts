/**
 * The one check of an e-mail address the app makes before sending it: some
 * text, one `@`, some text, no spaces. ABP and the sign-in service check it
 * their own way when it arrives; this only keeps a typing slip from costing
 * a round trip.
 */
export function looksLikeEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text);
}
