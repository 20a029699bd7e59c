import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';
import { logError } from '../lib/log.ts';

/**
 * A page that failed to load or render (its code could not be fetched).
 * Offline that is a page never opened on this device: it says so and needs
 * no button, since the connection banner below offers to try now. Online,
 * "Opnieuw proberen" loads it again. Either way it loads by itself once the
 * browser is back online, and the rest of the page stays.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { t } = useLingui();
  const offline = !navigator.onLine;
  useEffect(() => logError('route', error), [error]);
  useEffect(() => {
    const retry = () => void router.invalidate();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [router]);
  return (
    <ErrorScreen
      waitsForConnection={offline}
      title={t`Deze pagina kon niet worden geladen`}
      message={offline ? <Trans>Zonder verbinding kan ze niet worden geladen. Ze opent vanzelf zodra de verbinding terug is.</Trans> : <Trans>Controleer de verbinding en probeer het opnieuw.</Trans>}
      action={
        !offline && (
          <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
            <Trans>Opnieuw proberen</Trans>
          </button>
        )
      }
    />
  );
}
