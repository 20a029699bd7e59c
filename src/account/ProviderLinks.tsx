import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { askForPageLanguage } from '../auth/uiLocales.ts';
import type { AuthConfig } from '../config/appConfig.ts';

/** A provider page's address, asking for the app's language as the sign-in does. */
function inPageLanguage(address: string): string {
  return askForPageLanguage(new URL(address, location.href)).href;
}

/** One of the provider's pages, in the page's language; nothing when the config names none. */
function ProviderLink({ url, children }: { url: string | undefined; children: ReactNode }) {
  if (!url) return null;
  return (
    <li>
      <a href={inPageLanguage(url)}>{children}</a>
    </li>
  );
}

/** The provider's hosted pages, each only when the config names it, in the language the app is in. */
export function ProviderLinks({ auth }: { auth: AuthConfig }) {
  if (!auth.registrationUrl && !auth.passwordRecoveryUrl && !auth.unlockUrl) return null;
  return (
    <ul className="provider-links">
      <ProviderLink url={auth.registrationUrl}>
        <Trans>Account aanvragen</Trans>
      </ProviderLink>
      <ProviderLink url={auth.passwordRecoveryUrl}>
        <Trans>Wachtwoord vergeten?</Trans>
      </ProviderLink>
      <ProviderLink url={auth.unlockUrl}>
        <Trans>Account ontgrendelen</Trans>
      </ProviderLink>
    </ul>
  );
}
