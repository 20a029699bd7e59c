import { Trans } from '@lingui/react/macro';
import { Outlet, createLazyRoute } from '@tanstack/react-router';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import { EnvironmentSwitch } from './EnvironmentSwitch.tsx';
import './account.css';
import '../ui/card.css';

/** The account pages: a card for the page, with tenant and language below it. */
function AccountLayout() {
  return (
    <main className="page page--centered">
      <div className="account">
        <p className="account__brand">
          <Trans>Medewerkersportaal</Trans>
        </p>
        <Outlet />
        <div className="account__switches">
          <EnvironmentSwitch />
          <LanguageSwitch />
        </div>
      </div>
    </main>
  );
}

export const Route = createLazyRoute('/account')({ component: AccountLayout });
