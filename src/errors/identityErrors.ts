/**
 * ABP reports ASP.NET Identity's refusals ("user name already taken") as a
 * 500 user-friendly error with a localized message and no `members`. These
 * are the sentences (in ABP's AbpZero source) and the field each is about,
 * so a form can put the message next to that field instead of above it.
 */
const IDENTITY_FIELDS: Record<string, string> = {
  'Identity.DuplicateUserName': 'userName',
  'Identity.InvalidUserName': 'userName',
  'Identity.DuplicateEmail': 'emailAddress',
  'Identity.InvalidEmail': 'emailAddress',
  'Identity.DuplicateRoleName': 'name',
  'Identity.InvalidRoleName': 'name',
};

/** ABP's Dutch and English sentences, for when the backend's texts are not at hand (its untranslated keys, "[Role name is already taken]", are placed by describeError). */
const KNOWN: Array<[RegExp, string]> = [
  [/^Gebruikersnaam '.*' is al in gebruik\.?$/i, 'userName'],
  [/^User ?name '.*' is already taken\.?$/i, 'userName'],
  [/^E-?mail '.*' is al in gebruik\.?$/i, 'emailAddress'],
  [/^E-?mail '.*' is already taken\.?$/i, 'emailAddress'],
  [/^Rolnaam '.*' is al in gebruik\.?$/i, 'name'],
  [/^Role name '?.*'? is already taken\.?$/i, 'name'],
  [/^Role display name .* is already taken\.?$/i, 'displayName'],
  [/^Tenancy name .* is already taken\.?$/i, 'tenancyName'],
];

/** The form field an identity refusal is about, if the message is one (`texts`: GetAll's localization values). */
export function identityErrorField(message: string, texts: Record<string, Record<string, string>> = {}): string | undefined {
  for (const [key, field] of Object.entries(IDENTITY_FIELDS)) {
    for (const source of Object.values(texts)) {
      const sentence = source[key];
      if (sentence?.includes('{0}') && matches(sentence, message)) return field;
    }
  }
  return KNOWN.find(([pattern]) => pattern.test(message))?.[1];
}

function matches(sentence: string, message: string): boolean {
  const pattern = sentence
    .split('{0}')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 'i').test(message);
}
