import { ACCOUNT_RETURN_KEY, HANDOVER_PREFIX, MY_ACCOUNT_DRAFTS_KEY, TRANSACTION_PREFIX } from '../lib/storageKeys.ts';
import { clearProviderTokens } from './providerTokens.ts';

/**
 * What a person leaves in the tab, gone when they leave it: every kind of
 * sign-out (the person's own, the one after inactivity, and the one another
 * tab of this origin tells about) passes through `forgetPerson`, so the next
 * person at this computer finds nothing of theirs (docs/security.md, "What
 * goes at sign-out").
 *
 * The tab's storage, key by key (docs/security.md lists them with the reason):
 * the person's are the provider tokens, the handover codes (`handover:…`, the
 * built-in admin's password of an environment being handed over), Mijn
 * account's drafts and its kept answer, and the sign-in attempts not
 * finished (`oidc.transaction.…`, each with the page to return to). What the
 * sign-out itself leaves for the next sign-in (`oidc.signout`, why the login
 * page says it; `oidc.prompt-login`, the provider's form asked for) and the
 * device's own choices (the environment and language cookies, the Stately
 * inspector's switch) stay.
 */

/** Whose memory holds some of it too (a module's copy for a browser that refuses sessionStorage): told to forget with the storage. */
const forgetters = new Set<() => void>();

/** `forget` runs at every sign-out, with the storage cleared. */
export function onForgetPerson(forget: () => void): void {
  forgetters.add(forget);
}

/** The keys of the tab's sessionStorage that belong to the person signed in. */
export function isPersonsKey(key: string): boolean {
  return (
    key === ACCOUNT_RETURN_KEY || key === MY_ACCOUNT_DRAFTS_KEY || key.startsWith(HANDOVER_PREFIX) || key.startsWith(TRANSACTION_PREFIX)
  );
}

/** Clears everything of the person this tab keeps: their tokens, and the entries `isPersonsKey` names. Never fails: a storage that refuses leaves nothing to clear. */
export function forgetPerson(): void {
  clearProviderTokens();
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index)).filter(
      (key): key is string => key !== null && isPersonsKey(key),
    );
    for (const key of keys) sessionStorage.removeItem(key);
  } catch {
    // sessionStorage refused (a browser's privacy setting): nothing of the person is in it.
  }
  for (const forget of forgetters) forget();
}
