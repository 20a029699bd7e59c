/** Where a person lands when nothing else was asked for. */
export const HOME_PATH = '/app/home';
export const LOGIN_PATH = '/account/login';
export const CALLBACK_PATH = '/account/logincallback';
/** Why a sign-out happened, as the login page says it: the person chose it, or nothing was done for too long. */
export type SignOutReason = 'signed-out' | 'idle';

/** The login page telling the person they are signed out, and why. */
export function signedOutPath(reason: SignOutReason): string {
  return `${LOGIN_PATH}?reason=${reason}`;
}
