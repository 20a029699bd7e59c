import { ConnectionBanner } from '../connection/ConnectionBanner.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';

/** What joins the page once it is on screen and the browser is idle: the connection banner and, in production builds, the update prompt. */
export function AfterStart() {
  return (
    <>
      <ConnectionBanner />
      {import.meta.env.PROD && <UpdatePrompt />}
    </>
  );
}
