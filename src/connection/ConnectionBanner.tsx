import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { usePageActor } from '../boot/pageActors.ts';
import { CONNECTIVITY_ACTOR, type ConnectivityActor } from './connectivityActor.ts';
import { connectivityView, connectivityViewEqual } from '../../machines/connectivity.view.ts';
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

/** A page that could not be loaded and waits for the connection (src/ui/RouteError.lazy.tsx marks it). */
const pageWaits = () => document.querySelector('[data-waits-for-connection]') !== null;

function onPageChange(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Keeps room at the end of the page for the banner that sits over it, so
 * that nothing on any screen width stays covered (the last button of a long
 * form on a phone): the page's bottom padding follows the banner's height
 * and its distance from the bottom.
 */
function useRoomFor(banner: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!banner) return;
    const root = document.documentElement;
    const keep = () => root.style.setProperty('--connection-banner-room', `calc(${banner.getBoundingClientRect().height}px + 1rem)`);
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--connection-banner-room');
    };
  }, [banner]);
}

/**
 * Says when the server cannot be reached and when it is tried again, offers
 * to try now, and says when it is back. It sits over the page, which stays
 * as it is: nothing typed or opened is lost. Above a page that could not be
 * loaded it says that page opens once the connection is back.
 */
export function ConnectionBanner() {
  const actor = usePageActor(CONNECTIVITY_ACTOR);
  return actor ? <Banner actor={actor} /> : null;
}

function Banner({ actor }: { actor: ConnectivityActor }) {
  const { t } = useLingui();
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  useRoomFor(banner);
  const pageWaiting = useSyncExternalStore(onPageChange, pageWaits);
  const view = useSelector(actor, connectivityView, connectivityViewEqual);
  const seconds = useSecondsLeft(view.kind === 'waiting' ? view.retryAt : undefined, view.kind === 'waiting' ? view.retryInMs : undefined);

  if (view.kind === 'online') return null;
  if (view.kind === 'restored') {
    return (
      <div className="connection-banner connection-banner--restored" role="status" ref={setBanner}>
        <p>
          <Trans>De verbinding is hersteld.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="connection-banner" role="region" aria-label={t`Verbinding`} ref={setBanner}>
      <p role="status">
        {view.cause === 'offline' ? <Trans>Je bent offline.</Trans> : <Trans>De server is niet bereikbaar.</Trans>}{' '}
        {pageWaiting ? <Trans>Deze pagina opent zodra de verbinding terug is.</Trans> : <Trans>Deze pagina blijft zoals ze is.</Trans>}
      </p>
      <p className="connection-banner__next">
        {view.kind === 'probing' ? (
          <Trans>Verbinding controleren…</Trans>
        ) : (
          <Plural value={seconds} one="Opnieuw proberen over # seconde." other="Opnieuw proberen over # seconden." />
        )}
      </p>
      <button type="button" className="button" disabled={view.kind === 'probing'} onClick={() => actor.send({ type: 'RETRY' })}>
        <Trans>Nu opnieuw proberen</Trans>
      </button>
    </div>
  );
}
