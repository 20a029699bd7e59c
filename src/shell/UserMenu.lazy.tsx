import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAppConfig, useSession } from '../boot/useBoot.ts';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import { LogoutButton } from '../ui/LogoutButton.tsx';
import './user-menu.css';
import { environmentName } from '../app/environmentName.ts';

/** The button that opens the person's menu: focus goes back to it when the menu closes by Escape. */
const BUTTON_ID = 'user-menu-button';

/**
 * What the person's own menu holds: who is signed in and where, their
 * account, the application, the customer portal (when the config names
 * one), language, sign-out. Its code loads when first
 * opened. Escape closes it and puts focus back on its button; a click or tap
 * outside it (and outside its button) closes it and leaves focus where the
 * click put it.
 */
export function UserMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const session = useSession();
  const portal = useAppConfig()?.klantenportaal;
  const user = session?.user;
  const tenant = session?.tenant;
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      document.getElementById(BUTTON_ID)?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || menu.current?.contains(target)) return;
      // Its own button toggles it; on a phone it is part of the opened panel, which closes on a choice or with the Menu button.
      if (target.closest(`#${BUTTON_ID}, .shell__menu-button, .shell__panel[data-open='true']`)) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);
  return (
    <div id={id} ref={menu} className="user-menu">
      <p className="user-menu__who">
        <span className="user-menu__name">
          {user?.name} {user?.surname}
        </span>
        {tenant && (
          <span className="user-menu__tenant">
            <Trans>Omgeving: {environmentName(tenant)}</Trans>
          </span>
        )}
      </p>
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
        {portal && (
          <li>
            <a href={portal} className="user-menu__link" rel="noopener noreferrer" target="_blank">
              <Trans>Klantenportaal</Trans>
            </a>
          </li>
        )}
      </ul>
      <LanguageSwitch />
      <LogoutButton />
    </div>
  );
}
