import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';
import { abpEvents } from '../abp/events.ts';
import { logError } from '../lib/log.ts';
import { markPageWaiting } from '../lib/pageWaiting.ts';

function onConnectionChange(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

/**
 * A page that failed to load or render. Offline that is a page whose code
 * was never fetched on this device: it says the page needs the connection
 * and loads it as soon as the browser is online again, or the API answers
 * again (the connection banner below offers to try now, so no second button
 * here). Online, "Opnieuw
 * proberen" loads it again; either way the rest of the page stays.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { t } = useLingui();
  const online = useSyncExternalStore(onConnectionChange, isOnline);
  useEffect(() => logError('route', error), [error]);
  // The browser's `online` can come before its requests go out again; the connection watch's word that the API answers is the surer sign.
  useEffect(() => abpEvents.on('abp.reachable', () => void router.invalidate()), [router]);
  const wasOffline = useRef(false);
  useEffect(() => {
    if (online) {
      if (wasOffline.current) void router.invalidate();
      wasOffline.current = false;
      return;
    }
    wasOffline.current = true;
    return markPageWaiting();
  }, [online, router]);
  if (!online) {
    return (
      <ErrorScreen
        title={t`Deze pagina heeft een verbinding nodig`}
        message={<Trans>Deze pagina is op dit apparaat nog niet geopend en kan zonder verbinding niet worden geladen. Zodra de verbinding terug is, opent ze vanzelf.</Trans>}
      />
    );
  }
  return (
    <ErrorScreen
      title={t`Deze pagina kon niet worden geladen`}
      message={<Trans>Controleer de verbinding en probeer het opnieuw.</Trans>}
      action={
        <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
          <Trans>Opnieuw proberen</Trans>
        </button>
      }
    />
  );
}
