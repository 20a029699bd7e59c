import type { Session } from '../abp/session.ts';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import { PROVIDER_TOKENS_KEY } from '../lib/storageKeys.ts';

/**
 * The person's name as the app shows it: the identity provider's profile
 * (the ID token's `given_name` and `family_name`, which every sign-in and
 * renewal carries, and what Mijn account saves there), in ABP's two fields.
 * ABP keeps the name it registered the person with and never hears of a
 * change at the provider, so its session's name is only the fallback.
 */
export interface PersonName {
  name: string;
  surname: string;
}

function isPersonName(value: unknown): value is PersonName {
  if (typeof value !== 'object' || value === null || !('name' in value) || !('surname' in value)) return false;
  const { name, surname } = value;
  return typeof name === 'string' && typeof surname === 'string' && (name + surname).trim() !== '';
}

/** The name held with this tab's provider tokens; none when signed in otherwise, or when what is stored is not one. */
function heldPersonName(): PersonName | undefined {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(PROVIDER_TOKENS_KEY) ?? 'null');
    const held = typeof stored === 'object' && stored !== null && 'person' in stored ? stored.person : undefined;
    return isPersonName(held) ? held : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session with the person's name from the provider, so the shell, Home
 * and every other reader of the session show the same name. Not while
 * someone acts as another person: the provider's tokens are still the
 * impersonator's, and the session is the other person's.
 */
export function withPersonName(session: Session, configuration: UserConfiguration | undefined): Session {
  const person = heldPersonName();
  if (!person || !session.user || configuration?.session.impersonatorUserId != null) return session;
  return { ...session, user: { ...session.user, name: person.name, surname: person.surname } };
}
