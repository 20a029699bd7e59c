import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSession, useUserConfiguration } from '../boot/useBoot.ts';
import { HOME_PATH } from '../lib/paths.ts';
import { optionalPart, whenPartsLoaded } from '../ui/optionalLazy.ts';
import { useMainMenu } from './menu.ts';

/** Loaded when first opened: most starts never need it. */
const UserMenu = optionalPart<{ id: string; onClose: () => void }>(() => import('./UserMenu.lazy.tsx').then((module) => module.UserMenu));

/**
 * The banners and the inactivity warning, with the token lifecycle they show:
 * loaded once the first page's own parts have (Home's tiles), so that on a
 * phone they do not share its line and CPU.
 */
const ShellBanners = optionalPart(() => import('./ShellBanners.lazy.tsx').then((module) => module.ShellBanners));

/**
 * The frame around every signed-in page: the sections the person may open
 * (as the server's menu orders them), and the person's button, whose menu
 * holds the rest (account, language, the customer portal, sign-out).
 * On a phone the sections and the person's menu sit behind one "Menu"
 * button, so signing out is two taps.
 */
export function Shell() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const menu = useMainMenu(useUserConfiguration(), i18n, path);
  // What is open, on which page (it closes on every navigation: the person chose where to go): the panel
  // behind "Menu" on a phone, which shows the person's menu too (its own button is hidden there), or that menu alone.
  const [opened, setOpened] = useState<{ at: string; panel: boolean }>();
  const userMenuOpen = opened?.at === path;
  const open = userMenuOpen && opened.panel;
  const close = () => setOpened(undefined);
  const user = session?.user;
  const [bannersDue, setBannersDue] = useState(false);
  useEffect(() => {
    let mounted = true;
    void whenPartsLoaded().then(() => mounted && setBannersDue(true));
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        <Trans>Naar de inhoud</Trans>
      </a>
      <header className="shell__header">
        <Link to={HOME_PATH} className="shell__brand">
          <Trans>Medewerkersportaal</Trans>
        </Link>
        <button
          type="button"
          className="shell__menu-button"
          aria-expanded={open}
          aria-controls="shell-panel"
          onClick={() => setOpened(open ? undefined : { at: path, panel: true })}
        >
          {t`Menu`}
        </button>
        <div id="shell-panel" className="shell__panel" data-open={open}>
          <nav className="shell__nav" aria-label={t`Onderdelen`}>
            <ul>
              {menu.map(({ key, name }) =>
                name ? (
                  <li key={key}>
                    <Link to="/$section/$" params={{ section: key, _splat: '' }} activeProps={{ 'aria-current': 'page' }}>
                      {name}
                    </Link>
                  </li>
                ) : null,
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
              onClick={() => setOpened(userMenuOpen ? undefined : { at: path, panel: false })}
            >
              {user?.name} {user?.surname}
            </button>
            {userMenuOpen && <UserMenu id="user-menu" onClose={close} />}
          </div>
        </div>
      </header>
      {bannersDue && <ShellBanners />}
      <div id="content" className="shell__content">
        <Outlet />
      </div>
    </div>
  );
}
