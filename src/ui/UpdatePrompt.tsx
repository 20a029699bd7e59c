import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { logError } from '../lib/log.ts';
import { allowServiceWorkerScript } from '../lib/trustedTypes.ts';
import './update-prompt.css';

/** In production builds: registers the service worker and offers a reload when a new version is ready. */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<() => Promise<void>>();
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    allowServiceWorkerScript('/sw.js');
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        const updateSW = registerSW({
          onNeedRefresh: () => setUpdate(() => () => updateSW(true)),
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
