/**
 * Whether typed text can be an e-mail address, the one rule every form that
 * asks for one checks before it sends: something, an `@`, something, no
 * spaces. What more an address needs, the server that receives it says.
 */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text);
}
