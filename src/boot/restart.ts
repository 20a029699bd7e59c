import { waitFor } from 'xstate';
import type { MachineError } from '../../machines/error.ts';
import type { BootActor } from './bootActor.ts';

/** A re-run of start-up whose session call failed: the page keeps what it had. */
export class RestartError extends Error {
  readonly bootError: MachineError;

  constructor(bootError: MachineError) {
    super(`start-up re-run failed: ${bootError.kind}: ${bootError.detail}`);
    this.name = 'RestartError';
    this.bootError = bootError;
  }
}

/**
 * Runs start-up again from the user configuration (new token, language or
 * tenant) and waits for the outcome; rejects with a `RestartError` when the
 * session could not be loaded, so the caller can undo what it changed.
 */
export async function restartBoot(boot: BootActor): Promise<void> {
  // A sign-in's return can finish before the first start-up does (the two run side by side): the re-run follows it.
  const first = await waitFor(boot, (current) => current.matches('ready') || current.status === 'done');
  if (first.status === 'done') throw new RestartError(first.context.error ?? { kind: 'unknown', detail: 'start-up was rejected' });
  boot.send({ type: 'RESTART' });
  const snapshot = await waitFor(boot, (current) => current.matches('ready') || current.status === 'done');
  const { error } = snapshot.context;
  if (error) throw new RestartError(error);
}
