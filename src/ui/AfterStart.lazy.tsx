import { ConnectionBanner } from '../connection/ConnectionBanner.tsx';
import { useEffect } from 'react';
import { useBootActor } from '../boot/useBoot.ts';
import { startConnectivity } from '../connection/connectivityActor.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** What joins the page once it is on screen and the browser is idle: the progress bar, the connection banner and, in production builds, the update prompt. */
export function AfterStart() {
  const boot = useBootActor();
  // The connection watch starts once start-up is done, when this loads: after the render, not in it.
  useEffect(() => startConnectivity(boot), [boot]);
  return (
    <>
      <ProgressBar />
      <ConnectionBanner />
      {import.meta.env.PROD && <UpdatePrompt />}
    </>
  );
}
