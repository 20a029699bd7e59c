import { waitFor } from 'xstate';
import { bootActor } from './bootActor.ts';

/** Runs start-up again from the user configuration (new token, language or tenant) and waits for the outcome. */
export async function restartBoot(): Promise<void> {
  bootActor.send({ type: 'RESTART' });
  await waitFor(bootActor, (snapshot) => snapshot.matches('ready') || snapshot.status === 'done');
}
