import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter, type AnyRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';
import { logError } from '../lib/log.ts';
import { whenConnectionBack } from '../connection/connectionBack.ts';
import { useConnectionLost } from '../connection/connectivityActor.ts';

/** The failed page being loaded again when the connection is back: the one on screen, one at a time. */
let watched: { href: string; stop: () => void } | undefined;

/**
 * Loads the failed page again once the connection may be back, trying a few
 * times more while it settles (connection/connectionBack.ts), until it loads
 * or the person goes elsewhere. It outlives the error screen, which the
 * router takes down while it tries.
 */
function loadWhenConnectionBack(router: AnyRouter): void {
  const href = router.state.location.href;
  if (watched?.href === href) return;
  watched?.stop();
  const here = () => router.state.location.href === href;
  const failing = () => here() && router.state.matches.some((match) => match.status === 'error');
  const stop = whenConnectionBack(async (attempt) => {
    // Right at the news whatever the router says of the page, while it is still on screen (a render's failure is no
    // failed match); then while it fails.
    if (attempt === 0 ? here() : failing()) await router.invalidate();
    if (failing()) return false;
    stop();
    if (watched?.stop === stop) watched = undefined;
    return true;
  });
  watched = { href, stop };
}

/**
 * A page that failed to load or render (its code could not be fetched).
 * Offline, or with the server out of reach, that is a page never opened on
 * this device: it says so and needs no button, since the connection banner
 * below offers to try now. Otherwise "Opnieuw proberen" loads it again.
 * Either way it loads by itself once the browser is back online or the API
 * answers again (the banner's own tries), trying a few times more while the
 * connection settles, and the rest of the page stays.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { t } = useLingui();
  const offline = !navigator.onLine;
  // The server out of reach is waited for like the browser offline: the banner below tries again and says when.
  const unreachable = useConnectionLost();
  const waits = offline || unreachable;
  useEffect(() => logError('route', error), [error]);
  // After every render: the screen may stand for another page than before.
  useEffect(() => loadWhenConnectionBack(router));
  return (
    <ErrorScreen
      waitsForConnection={waits}
      title={t`Deze pagina kon niet worden geladen`}
      message={
        offline ? (
          <Trans>Zonder verbinding kan ze niet worden geladen. Ze opent vanzelf zodra de verbinding terug is.</Trans>
        ) : unreachable ? (
          <Trans>Zolang de server niet bereikbaar is, kan ze niet worden geladen. Ze opent vanzelf zodra de server weer antwoordt.</Trans>
        ) : (
          <Trans>Controleer de verbinding en probeer het opnieuw.</Trans>
        )
      }
      action={
        !waits && (
          <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
            <Trans>Opnieuw proberen</Trans>
          </button>
        )
      }
    />
  );
}
