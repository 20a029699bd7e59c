/**
 * Whether typed text can be an e-mail address, the one rule every form that
 * asks for one checks before it sends: something, an `@`, something, no
 * spaces. What more an address needs, the server that receives it says.
 * Here, beside the calls, because only Beheer's and the host's forms ask for
 * an address of someone else (in lib/ it would pull the host's screens into
 * the precache, scripts/build/precache.ts).
 */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text);
}
