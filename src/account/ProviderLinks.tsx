import { Trans } from '@lingui/react/macro';
import { askForPageLanguage } from '../auth/uiLocales.ts';
import type { AuthConfig } from '../config/appConfig.ts';

/** A provider page's address, asking for the app's language as the sign-in does. */
function inPageLanguage(address: string): string {
  return askForPageLanguage(new URL(address, location.href)).href;
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
