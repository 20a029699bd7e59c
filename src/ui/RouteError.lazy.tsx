import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter, type AnyRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';
import { logError } from '../lib/log.ts';
import { onConnectionBack } from '../connection/connectionBack.ts';
import { connectivityActor } from '../connection/connectivityActor.ts';

/**
 * Waits before each further try when a page still fails just after the
 * connection came back: the browser says it is online, or the API answers,
 * a moment before every path to the server does (the service worker's own
 * requests among them), so one try at that moment can fail too.
 */
const RETRY_WAITS_MS = [1000, 2000, 4000, 8000];

let retrying = false;

/**
 * Loads the failed page again, and again after each wait while it still
 * fails, until it loads, the browser goes offline or the person goes
 * elsewhere. One run at a time: the browser's `online` and the API's answer
 * come together. It outlives the error screen, which the router takes down
 * while it tries.
 */
async function retryUntilLoaded(router: AnyRouter): Promise<void> {
  if (retrying) return;
  retrying = true;
  const href = router.state.location.href;
  const failing = () => navigator.onLine && router.state.location.href === href && router.state.matches.some((match) => match.status === 'error');
  try {
    await router.invalidate();
    for (const waitMs of RETRY_WAITS_MS) {
      if (!failing()) return;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      if (!failing()) return;
      await router.invalidate();
    }
  } finally {
    retrying = false;
  }
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
  const unreachable = useSelector(connectivityActor, (snapshot) => snapshot.matches('lost'));
  const waits = offline || unreachable;
  useEffect(() => logError('route', error), [error]);
  useEffect(() => onConnectionBack(() => void retryUntilLoaded(router)), [router]);
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
