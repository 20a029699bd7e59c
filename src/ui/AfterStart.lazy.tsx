import { ConnectionBanner } from '../connection/ConnectionBanner.tsx';
import type { BootActor } from '../boot/bootActor.ts';
import type { PageActors } from '../boot/pageActors.ts';
import { startConnectivity } from '../connection/connectivityActor.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** The connection watch, started as this code arrives (App), once start-up is done: not from a render. */
export function startAfterStart(boot: BootActor, actors: PageActors): void {
  startConnectivity(boot, actors);
}

/** What joins the page once it is on screen and the browser is idle: the progress bar, the connection banner and, in production builds, the update prompt. */
export function AfterStart() {
  return (
    <>
      <ProgressBar />
      <ConnectionBanner />
      {import.meta.env.PROD && <UpdatePrompt />}
    </>
  );
}
