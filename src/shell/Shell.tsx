import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useAppConfig, useSession, useUserConfiguration } from '../boot/useBoot.ts';
import { HOME_PATH } from '../lib/paths.ts';
import { optionalLazy } from '../ui/optionalLazy.ts';
import { useMainMenu } from './menu.ts';

/** Loaded when first opened: most starts never need it. */
const UserMenu = optionalLazy<{ id: string }>(() => import('./UserMenu.lazy.tsx').then((module) => module.UserMenu));

/** The banners and the inactivity warning: loaded after start-up, with the token lifecycle they show. */
const ShellBanners = optionalLazy(() => import('./ShellBanners.lazy.tsx').then((module) => module.ShellBanners));

/**
 * The frame around every signed-in page: the sections the person may open
 * (as the server's menu orders them), who is signed in, language, sign-out.
 * On a phone the sections and the rest sit behind one "Menu" button.
 */
export function Shell() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const config = useAppConfig();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const menu = useMainMenu(useUserConfiguration(), i18n, path);
  // The panel closes on every navigation: the person chose where to go.
  const [openAt, setOpenAt] = useState<string>();
  const open = openAt === path;
  const [userMenuAt, setUserMenuAt] = useState<string>();
  const userMenuOpen = userMenuAt === path;
  const user = session?.user;
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        <Trans>Naar de inhoud</Trans>
      </a>
      <header className="shell__header">
        <Link to={HOME_PATH} className="shell__brand">
          <Trans>Medewerkersportaal</Trans>
        </Link>
        <button type="button" className="shell__menu-button" aria-expanded={open} aria-controls="shell-panel" onClick={() => setOpenAt(open ? undefined : path)}>
          {t`Menu`}
        </button>
        <div id="shell-panel" className="shell__panel" data-open={open}>
          <nav className="shell__nav" aria-label={t`Onderdelen`}>
            <ul>
              {menu.map(({ key, name }) =>
                name ? (
                  <li key={key}>
                    <Link to="/$section/$" params={{ section: key, _splat: "" }} activeProps={{ 'aria-current': 'page' }}>
                      {name}
                    </Link>
                  </li>
                ) : null,
              )}
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
            <button
              type="button"
              id="user-menu-button"
              className="shell__who"
              aria-expanded={userMenuOpen}
              aria-controls="user-menu"
              onClick={() => setUserMenuAt(userMenuOpen ? undefined : path)}
            >
              {user?.name} {user?.surname}
            </button>
            {userMenuOpen && (
              <Suspense fallback={null}>
                <UserMenu id="user-menu" />
              </Suspense>
            )}
          </div>
        </div>
      </header>
      <Suspense fallback={null}>
        <ShellBanners />
      </Suspense>
      <div id="content" className="shell__content">
        <Outlet />
      </div>
    </div>
  );
}
