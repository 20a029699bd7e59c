import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * ABP answers a text its source cannot translate with the key, humanized and
 * in brackets (`HumanizeTextIfNotFound`, `WrapGivenTextIfNotFound`):
 * AbpZero has no Dutch, so `RoleNameIsAlreadyTaken` reads "[Role name is
 * already taken]" (abp-recorded `role` `create-duplicate`,
 * `getallpermissions`; `handover` `west-admin-delete-self`). The keys the
 * app's screens meet, in its words, with the form field each is about.
 */
const KEYS: Record<string, { words: MessageDescriptor; field?: string }> = {
  'role name is already taken': { words: msg`Er is al een rol met deze naam. Kies een andere naam.`, field: 'name' },
  'role display name is already taken': { words: msg`Er is al een rol die collega's zo zien. Kies een andere naam.`, field: 'displayName' },
  'tenancy name is already taken': {
    words: msg`Er is al een omgeving met deze korte naam. Kies een andere korte naam.`,
    field: 'tenancyName',
  },
  'can not delete admin user': { words: msg`Het account admin hoort bij het systeem en kan niet worden verwijderd. Deactiveren kan wel.` },
  'can not rename admin user': { words: msg`Het account admin hoort bij het systeem: de gebruikersnaam blijft admin.`, field: 'userName' },
  'can not delete static role': { words: msg`Dit is een vaste rol van het systeem en kan niet worden verwijderd.` },
  'users activation': { words: msg`Accounts activeren en deactiveren` },
};

/** The key inside ABP's brackets ("Role name is already taken"), when a text is one. */
export function untranslatedKey(text: string | undefined): string | undefined {
  const match = text === undefined ? null : /^\[([^[\]]+)\]$/.exec(text.trim());
  return match?.[1];
}

/** A bracketed key in the app's words, and the field it is about; undefined for a key the app does not know or a text that is none. */
export function wordsForKey(i18n: I18n, text: string | undefined): { words: string; field?: string } | undefined {
  const key = untranslatedKey(text);
  const known = key === undefined ? undefined : KEYS[key.toLowerCase()];
  if (!known) return undefined;
  return { words: i18n._(known.words), ...(known.field ? { field: known.field } : {}) };
}
