import { ConnectionBanner } from '../connection/ConnectionBanner.tsx';
import { startConnectivity } from '../connection/connectivityActor.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

// The connection watch starts with this file, which loads once start-up is done: not from a render.
startConnectivity();

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
