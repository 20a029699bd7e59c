import { Trans } from '@lingui/react/macro';
import type { AuthConfig } from '../../config/appConfig.ts';

/** A provider page's address asking for the app's language (`ui_locales`, as the sign-in does): the page the catalog set. */
function inPageLanguage(address: string): string {
  const url = new URL(address, location.href);
  url.searchParams.set('ui_locales', document.documentElement.lang || 'nl');
  return url.href;
}

/** The provider's hosted pages, each only when the config names it, in the language the app is in. */
export function ProviderLinks({ auth }: { auth: AuthConfig }) {
  if (!auth.registrationUrl && !auth.passwordRecoveryUrl && !auth.unlockUrl) return null;
  return (
    <ul className="provider-links">
      {auth.registrationUrl && (
        <li>
          <a href={inPageLanguage(auth.registrationUrl)}>
            <Trans>Account aanvragen</Trans>
          </a>
        </li>
      )}
      {auth.passwordRecoveryUrl && (
        <li>
          <a href={inPageLanguage(auth.passwordRecoveryUrl)}>
            <Trans>Wachtwoord vergeten?</Trans>
          </a>
        </li>
      )}
      {auth.unlockUrl && (
        <li>
          <a href={inPageLanguage(auth.unlockUrl)}>
            <Trans>Account ontgrendelen</Trans>
          </a>
        </li>
      )}
    </ul>
  );
}
