import type { I18n } from '@lingui/core';
import { useEffect, useState } from 'react';
import { serverMenu, type MenuEntry } from '../abp/menu.ts';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import { withPages } from '../i18n/withPages.ts';
import { logError } from '../lib/log.ts';
import { whenIdle } from '../lib/whenIdle.ts';

type KnownMenu = (configuration: UserConfiguration | undefined, i18n: I18n) => MenuEntry[];

/**
 * The main menu: the server's menu at once; once the app's list of sections
 * is in, only the sections the app has and the person may open, and without
 * a server menu those of the app's list. The list loads when the browser is
 * idle after the first screen, and again after a navigation if it could not
 * be fetched.
 */
export function useMainMenu(configuration: UserConfiguration | undefined, i18n: I18n, path: string): MenuEntry[] {
  const [known, setKnown] = useState<KnownMenu>();
  useEffect(() => {
    if (known) return;
    whenIdle(() =>
      withPages(() => import('../sections/menu.lazy.ts')).then(
        (module) => setKnown(() => module.knownMenu),
        (error: unknown) => logError('menu', error),
      ),
    );
  }, [known, path]);
  return known ? known(configuration, i18n) : (serverMenu(configuration) ?? []);
}
