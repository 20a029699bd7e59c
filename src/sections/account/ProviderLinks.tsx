import { Trans } from '@lingui/react/macro';
import type { AuthConfig } from '../../config/appConfig.ts';

/** The provider's hosted pages, each only when the config names it. */
export function ProviderLinks({ auth }: { auth: AuthConfig }) {
  if (!auth.registrationUrl && !auth.passwordRecoveryUrl && !auth.unlockUrl) return null;
  return (
    <ul className="provider-links">
      {auth.registrationUrl && (
        <li>
          <a href={auth.registrationUrl}>
            <Trans>Account aanvragen</Trans>
          </a>
        </li>
      )}
      {auth.passwordRecoveryUrl && (
        <li>
          <a href={auth.passwordRecoveryUrl}>
            <Trans>Wachtwoord vergeten?</Trans>
          </a>
        </li>
      )}
      {auth.unlockUrl && (
        <li>
          <a href={auth.unlockUrl}>
            <Trans>Account ontgrendelen</Trans>
          </a>
        </li>
      )}
    </ul>
  );
}
