import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { bootActor } from './boot/bootActor.ts';
import { bootView, bootViewEqual } from './boot/bootView.ts';
import { whenIdle } from './boot/whenIdle.ts';
import { useLocaleReady } from './i18n/useLocaleReady.ts';
import { withPages } from './i18n/withPages.ts';
import { preloadStartSections, router } from './routes/router.ts';
import { BusyIndicator } from './ui/BusyIndicator.tsx';
import { StartupError } from './ui/StartupError.tsx';

/** Only production builds register the service worker; its prompt loads after start-up. */
const UpdatePrompt = lazy(() => withPages(() => import('./ui/UpdatePrompt.tsx')).then((module) => ({ default: module.UpdatePrompt })));

/** Renders what start-up reached: busy, a failure screen, or the routes. */
export function App() {
  const view = useSelector(bootActor, bootView, bootViewEqual);
  const localeReady = useLocaleReady(view.kind === 'ready' ? view.localeName : undefined);
  const session = view.kind === 'ready' ? view.session : undefined;
  const seenSession = useRef(session);
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (!session) return;
    if (seenSession.current === undefined) {
      whenIdle(() => {
        preloadStartSections();
        setIdle(true);
      });
    } else if (seenSession.current !== session) void router.invalidate();
    seenSession.current = session;
  }, [session]);

  if (view.kind === 'failed') {
    const retry = view.final ? () => location.reload() : () => bootActor.send({ type: 'RETRY' });
    return <StartupError error={view.error} onRetry={retry} />;
  }
  if (view.kind === 'busy' || !localeReady) return <BusyIndicator />;
  return (
    <>
      <RouterProvider router={router} />
      {import.meta.env.PROD && idle && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
