import { useEffect, useState, useSyncExternalStore } from 'react';
import { logError } from '../lib/log.ts';
import { activateLocale, i18n } from './i18n.ts';
import { catalogLocale } from './locales.ts';

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

/**
 * True once the interface speaks the wanted language. Start-up loads every
 * language's catalog but the built-in en-US; that one is activated here.
 * A catalog that cannot load leaves the interface in Dutch rather than blank.
 */
export function useLocaleReady(localeName: string | undefined): boolean {
  const active = useSyncExternalStore(subscribe, () => i18n.locale);
  const [failed, setFailed] = useState<string>();
  const wanted = localeName === undefined ? undefined : catalogLocale(localeName);
  useEffect(() => {
    if (localeName === undefined || wanted === active) return;
    activateLocale(localeName).catch((error: unknown) => {
      logError('locale', error);
      setFailed(localeName);
    });
  }, [localeName, wanted, active]);
  return wanted === undefined || wanted === active || failed === localeName;
}
