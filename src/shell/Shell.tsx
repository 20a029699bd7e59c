import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useAppConfig, useIsGrantedMap, useSession } from '../boot/useBoot.ts';
import { SECTIONS } from '../sections/sections.ts';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import { LogoutButton } from '../ui/LogoutButton.tsx';
import { optionalLazy } from '../ui/optionalLazy.ts';

/** Loaded with the token lifecycle it shows, after start-up. */
const SessionBanner = optionalLazy(() => import('../ui/SessionBanner.lazy.tsx').then((module) => module.SessionBanner));

/** The frame around every signed-in page: sections as navigation, who is signed in, language, sign-out. */
export function Shell() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const config = useAppConfig();
  const granted = useIsGrantedMap(SECTIONS.map((section) => section.permission));
  const user = session?.user;
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        <Trans>Naar de inhoud</Trans>
      </a>
      <header className="shell__header">
        <Link to="/app/home" className="shell__brand">
          <Trans>Medewerkersportaal</Trans>
        </Link>
        <nav className="shell__nav" aria-label={t`Onderdelen`}>
          <ul>
            {SECTIONS.filter((section) => granted[section.permission]).map((section) => (
              <li key={section.key}>
                <Link to={`/${section.key}`} activeProps={{ 'aria-current': 'page' }}>
                  {i18n._(section.label)}
                </Link>
              </li>
            ))}
            {config?.klantenportaal && (
              <li>
                <a href={config.klantenportaal} rel="noopener noreferrer" target="_blank">
                  <Trans>Klantenportaal</Trans>
                </a>
              </li>
            )}
          </ul>
        </nav>
        <div className="shell__user">
          {user && (
            <span className="shell__who">
              {user.name} {user.surname}
              {session?.tenant && <span className="shell__tenant"> · {session.tenant.name}</span>}
            </span>
          )}
          <LanguageSwitch />
          <LogoutButton />
        </div>
      </header>
      <Suspense fallback={null}>
        <SessionBanner />
      </Suspense>
      <div id="content" className="shell__content">
        <Outlet />
      </div>
    </div>
  );
}
