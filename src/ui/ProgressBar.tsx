import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { onRequestCount, requestsUnderWay } from '../abp/activity.ts';
import './progress.css';

/** Shown only for a request that takes this long: a quick answer should not flicker. */
export const PROGRESS_DELAY_MS = 300;

/**
 * A thin bar at the top of the page while a backend request runs longer
 * than 300 ms. It covers nothing and catches no clicks: the page stays
 * usable. The connection check of the banner is no backend request and
 * never shows it.
 */
export function ProgressBar() {
  const { t } = useLingui();
  const busy = useSyncExternalStore(onRequestCount, () => requestsUnderWay() > 0);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!busy || !shown) return null;
  return <div className="progress" role="progressbar" aria-label={t`Bezig met laden…`} />;
}
