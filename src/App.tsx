import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState, type ComponentType } from 'react';
import type { BootActor } from './boot/bootActor.ts';
import { PageActorsContext, type PageActors } from './boot/pageActors.ts';
import { BootActorContext } from './boot/useBoot.ts';
import { bootView, bootViewEqual } from '../machines/boot.view.ts';
import { withPages } from './i18n/withPages.ts';
import { whenIdle } from './lib/whenIdle.ts';
import { useLocaleReady } from './i18n/useLocaleReady.ts';
import { firstPageDrawn, preloadStartSections, type AppRouter } from './routes/router.tsx';
import { BusyIndicator } from './ui/BusyIndicator.tsx';
import type { StartupErrorProps } from './ui/StartupError.lazy.tsx';
import { optionalLazy } from './ui/optionalLazy.ts';

/**
 * Start-up's failure screen loads when start-up fails: the server answered
 * (an HTTP error or a bad config), so its code and words can be fetched, and
 * no start carries them. When they cannot be, the screen that waits for the
 * server stands in, its retry reloading the page.
 */
const StartupError = optionalLazy<StartupErrorProps>(
  () => import('./ui/StartupError.lazy.tsx').then((module) => module.StartupError),
  () => <BusyIndicator waiting={{ onRetry: () => location.reload() }} />,
);

/** A start that has taken this long says what it waits for. */
const SLOW_START_MS = 3000;

/**
 * What start-up waits for: fetched only by a start still under way after SLOW_START_MS, with the later catalog its
 * words are in (not by one waiting for the server, whose screen says so); nothing when it cannot be fetched.
 */
const slowStartOf = (boot: BootActor) =>
  lazy<ComponentType<{ boot: BootActor }>>(() =>
    new Promise((wait) => setTimeout(wait, SLOW_START_MS))
      .then(() => {
        const view = bootView(boot.getSnapshot());
        return view.kind === 'busy' && !view.waiting
          ? withPages(() => import('./ui/SlowStart.lazy.tsx'))
          : Promise.reject(new Error('not slow'));
      })
      .catch(() => ({ default: () => null })),
  );

/**
 * The connection banner and the update prompt load once start-up is done; the
 * connection watch starts for the page's start-up actor as their code arrives,
 * before anything of it is drawn, so no request that gets no answer is missed.
 */
const afterStartOf = (boot: BootActor, actors: PageActors) =>
  optionalLazy(() =>
    import('./ui/AfterStart.lazy.tsx').then((module) => {
      module.startAfterStart(boot, actors);
      return module.AfterStart;
    }),
  );

/** What src/start.tsx made for the page: the start-up actor, the actors that follow it, and the router, whose context carries what start-up makes. */
export interface AppProps {
  boot: BootActor;
  actors: PageActors;
  router: AppRouter;
}

/**
 * Renders what start-up reached: busy, a failure screen, or the routes; every screen reaches the start-up actor
 * through BootActorContext, and the actors that follow it (the session's banner, the warning, the connection banner)
 * through PageActorsContext.
 */
export function App({ boot, actors, router }: AppProps) {
  return (
    <BootActorContext.Provider value={boot}>
      <PageActorsContext.Provider value={actors}>
        <Reached boot={boot} actors={actors} router={router} />
      </PageActorsContext.Provider>
    </BootActorContext.Provider>
  );
}

function Reached({ boot, actors, router }: AppProps) {
  // Deferred: when start-up settles, the render that mounts the routes and the first page runs in a transition, which
  // React does in pieces, yielding to the browser between them, instead of in one long task of a store update.
  const view = useDeferredValue(useSelector(boot, bootView, bootViewEqual));
  // One for the page's start-up, timed from the first render.
  const [SlowStart] = useState(() => slowStartOf(boot));
  const [AfterStart] = useState(() => afterStartOf(boot, actors));
  const localeReady = useLocaleReady(view.kind === 'ready' ? view.localeName : undefined);
  const session = view.kind === 'ready' ? view.session : undefined;
  // Not the session of the first render: start-up may already be done when React first draws (index.html's early requests), and its first session still schedules the idle work.
  const seenSession = useRef<typeof session>(undefined);
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (!session) return;
    if (seenSession.current === undefined) {
      void firstPageDrawn.then(() =>
        whenIdle(() => {
          void preloadStartSections();
          setIdle(true);
        }),
      );
    } else if (seenSession.current !== session) void router.invalidate();
    seenSession.current = session;
  }, [session, router]);

  if (view.kind === 'failed') {
    const retry = view.final ? () => location.reload() : () => boot.send({ type: 'RETRY' });
    return (
      <Suspense fallback={<BusyIndicator />}>
        <StartupError error={view.error} onRetry={retry} />
      </Suspense>
    );
  }
  if (view.kind === 'busy' && view.waiting) return <BusyIndicator waiting={{ onRetry: () => boot.send({ type: 'RETRY' }) }} />;
  if (view.kind === 'busy' || !localeReady) {
    return (
      <BusyIndicator>
        <Suspense>
          <SlowStart boot={boot} />
        </Suspense>
      </BusyIndicator>
    );
  }
  return (
    <>
      <RouterProvider router={router} />
      {idle && (
        <Suspense fallback={null}>
          <AfterStart />
        </Suspense>
      )}
    </>
  );
}
