import type { AbpError } from './errors.ts';

/**
 * Why ABP refused a sign-in, as far as its answer tells. ABP's
 * TokenAuthController answers every refused login with a 500
 * UserFriendlyException: "Inloggen mislukt!" with the reason in
 * `error.details`, in the language asked, and no error code
 * (abp-recorded/externalauthenticate.json). So the reason is read from
 * ABP's own sentences, in the languages the app speaks.
 *
 * - `user-inactive`: the account exists and is not active
 *   (`UserIsNotActiveAndCanNotLogin`), never `waitingForActivation`;
 * - `tenant-inactive`: the environment is switched off (`TenantIsNotActive`);
 * - `other`: anything else (host sign-in, provider token refused, a crash).
 */
export type LoginRefusal = 'user-inactive' | 'tenant-inactive' | 'other';

const USER_INACTIVE = [/ is niet actief en kan niet inloggen/i, / is not active and can ?not log ?in/i];
const TENANT_INACTIVE = [/^Huurder .+ is niet actief/i, /^Tenant .+ is not active/i];

/**
 * `texts`: the backend's localization values (GetAll's
 * `localization.values`), when start-up has them: ABP's sentences
 * `UserIsNotActiveAndCanNotLogin` and `TenantIsNotActive` in whatever
 * language the backend answered, besides the Dutch and English ones.
 */
export function loginRefusalOf(error: AbpError, texts: Record<string, Record<string, string>> = {}): LoginRefusal {
  if (error.status !== 500) return 'other';
  const details = detailsOf(error.serverError);
  const said = (key: string, known: RegExp[]) => [...known, ...sentencesOf(texts, key)].some((pattern) => pattern.test(details));
  if (said('UserIsNotActiveAndCanNotLogin', USER_INACTIVE)) return 'user-inactive';
  if (said('TenantIsNotActive', TENANT_INACTIVE)) return 'tenant-inactive';
  return 'other';
}

/** An ABP sentence such as "Gebruiker {0} is niet actief." as a pattern, whatever stands for `{0}`. */
function sentencesOf(texts: Record<string, Record<string, string>>, key: string): RegExp[] {
  return Object.values(texts)
    .map((source) => source[key])
    .filter((sentence): sentence is string => typeof sentence === 'string' && sentence.includes('{0}'))
    .map(
      (sentence) =>
        new RegExp(
          `^${sentence
            .split('{0}')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+')}`,
          'i',
        ),
    );
}

function detailsOf(serverError: unknown): string {
  if (typeof serverError !== 'object' || serverError === null || !('details' in serverError)) return '';
  return typeof serverError.details === 'string' ? serverError.details : '';
}
