import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';
import { logError } from '../lib/log.ts';

/** A page that failed to load or render (its code could not be fetched while offline): said in Dutch, with a retry that keeps the rest of the page. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { t } = useLingui();
  useEffect(() => logError('route', error), [error]);
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
