import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { logError } from '../lib/log.ts';
import { allowServiceWorkerScript } from '../lib/trustedTypes.ts';
import './update-prompt.css';
import './button-quiet.css';

const HOURLY = 60 * 60 * 1000;

/**
 * The browser looks for a new worker when a page is opened, but a tab that
 * stays open all day navigates inside the app only: ask again when the tab
 * is shown again and once an hour.
 */
function checkForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  setInterval(check, HOURLY);
}

/**
 * Lets the waiting worker take over and reloads once it controls the page.
 * workbox-window reloads only a tab that was already controlled when it
 * registered; the tab that installed the first worker was not, and would
 * otherwise stay on the old build after "Nu bijwerken".
 */
function acceptUpdate(skipWaiting: () => Promise<void>): Promise<void> {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  return skipWaiting();
}

/** In production builds: registers the service worker and offers a reload when a new version is ready. */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<() => Promise<void>>();
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    allowServiceWorkerScript('/sw.js');
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        const updateSW = registerSW({
          onNeedRefresh: () => setUpdate(() => () => acceptUpdate(() => updateSW(true))),
          // The reload is acceptUpdate's: this one would come only in a tab that had a worker when it opened.
          onNeedReload: () => undefined,
          onRegisteredSW: (_url, registration) => registration && checkForUpdates(registration),
          onRegisterError: (error: unknown) => logError('service-worker', error),
        });
      })
      .catch((error: unknown) => logError('service-worker', error));
  }, []);
  if (!update) return null;
  return (
    <div className="update-prompt" role="status">
      <span>
        <Trans>Er is een nieuwe versie van de applicatie.</Trans>
      </span>
      <button type="button" className="button button--primary" onClick={() => void update()}>
        <Trans>Nu bijwerken</Trans>
      </button>
      <button type="button" className="button button--quiet" onClick={() => setUpdate(undefined)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
