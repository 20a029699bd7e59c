import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { activityPeriod, onRequestCount } from '../abp/activity.ts';
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
  const period = useSyncExternalStore(onRequestCount, activityPeriod);
  // The stretch of activity that has lasted long enough to show; a new stretch starts hidden.
  const [longPeriod, setLongPeriod] = useState(0);
  useEffect(() => {
    if (period === 0) return;
    const timer = setTimeout(() => setLongPeriod(period), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [period]);
  if (period === 0 || longPeriod !== period) return null;
  return <div className="progress" role="progressbar" aria-label={t`Bezig met laden…`} />;
}
