/** The app itself, loaded by main.tsx once the config request is on its way. */
import { I18nProvider } from '@lingui/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getCultureName } from './abp/culture.ts';
import { App } from './App.tsx';
import { bootContext, createBootActor } from './boot/bootActor.ts';
import { createPageActors } from './boot/pageActors.ts';
import { whenSignedIn } from './boot/whenSignedIn.ts';
import { activateLocale, i18n, loadCatalog } from './i18n/i18n.ts';
import { inspectActor } from './lib/inspect.ts';
import { logError } from './lib/log.ts';
import { nextTask } from './lib/whenIdle.ts';
import { CALLBACK_PATH } from './lib/paths.ts';
import { createAppRouter, firstPageDrawn, preloadPageCode } from './routes/router.tsx';
import './ui/app.css';

/** Set as the app starts, after its script has been evaluated (scripts/bench/measure/marks.ts). */
export const APP_STARTED_MARK = 'app-started';

/** A popup sign-in's callback page only hands its address to the opener; the code for that loads only there. */
async function isPopupCallback(): Promise<boolean> {
  if (!location.pathname.endsWith('/account/logincallback')) return false;
  const { handOverPopupCallback } = await import('./auth/popupProtocol.lazy.ts');
  return handOverPopupCallback();
}

/**
 * Started from a function, not with a top-level await: a chunk with one is
 * an async module, and every lazy chunk that imports from it evaluates
 * asynchronously too. WebKit's module loader (Safari, every browser on an
 * iPhone; WebKitGTK 2.50) then resolves the second of two import()s that
 * share such a chunk before the chunk's body has run, and the first thing
 * called in it finds nothing there (signedIn.lazy's token actor, loaded
 * beside ShellBanners.lazy).
 */
async function start(): Promise<void> {
  if (await isPopupCallback()) return;
  // Evaluating the app's modules is one task, making the start-up machine and its actor two more, starting it, making
  // the router and the first render more: on a slow phone short tasks keep the page answering where one long one would not.
  await nextTask();
  // For the benchmark: what comes after this is the app's own work, what came before it evaluating the script.
  performance.mark(APP_STARTED_MARK);
  const bootActor = await createBootActor();
  await nextTask();
  if (import.meta.env.DEV) inspectActor(bootActor);
  bootActor.start();
  // The actors that follow start-up (the token's life, the watches, a sign-in's return) are kept here, for this page.
  const actors = createPageActors();
  await nextTask();
  const router = createAppRouter(bootActor, actors);
  // Asking for the page's code adds a link for each of its files: at 4x slowdown that alone is tens of milliseconds.
  await nextTask();
  await preloadPageCode(router, location.pathname);
  // A sign-in's return: its code (the sign-in library) loads beside the config request, and the exchange starts once the config is in.
  if (location.pathname === CALLBACK_PATH) {
    // On failure the route's loader loads it again and says so.
    import('./signin/callbackActor.lazy.ts')
      .then(({ startCallbackEarly }) => startCallbackEarly(bootActor, actors, router.history))
      .catch((error: unknown) => logError('sign-in', error));
  }
  // The busy indicator speaks the language of the culture cookie as soon as its catalog is in (from the service worker's
  // cache when offline), not only once start-up has settled the language.
  void loadCatalog(getCultureName()).then(
    () => {
      if (!bootContext(bootActor.getSnapshot()).session) return activateLocale(getCultureName());
    },
    () => undefined,
  );
  // After the first page is drawn: the token's life has a minute to spare, that page's own code has not.
  whenSignedIn(
    () => firstPageDrawn.then(() => import('./session/signedIn.lazy.ts')).then(({ startSignedIn }) => startSignedIn(bootActor, actors)),
    bootActor,
  );
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  // In a transition, which React renders in pieces and yields to the browser between them; index.html's busy indicator
  // stays on screen until it is done.
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <App boot={bootActor} actors={actors} router={router} />
        </I18nProvider>
      </StrictMode>,
    ),
  );
}

void start();
