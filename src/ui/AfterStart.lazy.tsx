import { ConnectionBanner } from '../connection/ConnectionBanner.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

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
