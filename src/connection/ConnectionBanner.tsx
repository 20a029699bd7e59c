import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { connectivityActor } from './connectivityActor.ts';
import { connectivityView, connectivityViewEqual } from './connectivityView.ts';
import './connection-banner.css';

/** Whole seconds left of a wait of `waitMs` that ends at `at`, counted down once a second. */
function useSecondsLeft(at: number | undefined, waitMs: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  if (at === undefined || waitMs === undefined) return 0;
  // Right after a new wait is planned `now` is older than the plan: the wait itself is what is left.
  return Math.max(0, Math.ceil(Math.min(waitMs, at - now) / 1000));
}

/**
 * Says when the server cannot be reached and when it is tried again, offers
 * to try now, and says when it is back. It sits over the page, which stays
 * as it is: nothing typed or opened is lost.
 */
export function ConnectionBanner() {
  const { t } = useLingui();
  const view = useSelector(connectivityActor, connectivityView, connectivityViewEqual);
  const seconds = useSecondsLeft(view.kind === 'waiting' ? view.retryAt : undefined, view.kind === 'waiting' ? view.retryInMs : undefined);

  if (view.kind === 'online') return null;
  if (view.kind === 'restored') {
    return (
      <div className="connection-banner connection-banner--restored" role="status">
        <p>
          <Trans>De verbinding is hersteld.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="connection-banner" role="region" aria-label={t`Verbinding`}>
      <p role="status">
        {view.cause === 'offline' ? <Trans>Je bent offline.</Trans> : <Trans>De server is niet bereikbaar.</Trans>}{' '}
        <Trans>Deze pagina blijft zoals ze is.</Trans>
      </p>
      <p className="connection-banner__next">
        {view.kind === 'probing' ? (
          <Trans>Verbinding controleren…</Trans>
        ) : (
          <Plural value={seconds} one="Opnieuw proberen over # seconde." other="Opnieuw proberen over # seconden." />
        )}
      </p>
      <button type="button" className="button" disabled={view.kind === 'probing'} onClick={() => connectivityActor.send({ type: 'RETRY' })}>
        <Trans>Nu opnieuw proberen</Trans>
      </button>
    </div>
  );
}
