import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession } from '../boot/useBoot.ts';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import { LogoutButton } from '../ui/LogoutButton.tsx';
import './user-menu.css';

/** What the person's own menu holds: where they are signed in, the application, language, sign-out. Its code loads when first opened. */
export function UserMenu({ id }: { id: string }) {
  const tenant = useSession()?.tenant;
  return (
    <div id={id} className="user-menu">
      {tenant && (
        <p className="user-menu__tenant">
          <Trans>Omgeving: {tenant.name}</Trans>
        </p>
      )}
      <ul>
        <li>
          <Link to="/app/account" className="user-menu__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Mijn account</Trans>
          </Link>
        </li>
        <li>
          <Link to="/app/about" className="user-menu__link" activeProps={{ 'aria-current': 'page' }}>
            <Trans>Over de applicatie</Trans>
          </Link>
        </li>
      </ul>
      <LanguageSwitch />
      <LogoutButton />
    </div>
  );
}
