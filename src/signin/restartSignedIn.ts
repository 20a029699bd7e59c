import type { BootActor } from '../boot/bootActor.ts';
import { restartBoot, RestartError } from '../boot/restart.ts';
import { AuthError } from '../auth/authError.ts';

/**
 * Start-up again with the new backend token. The token is kept when the
 * session call then fails (the backend accepted it; the next start uses it),
 * and the person is told their details could not be loaded.
 */
export async function restartSignedIn(boot: BootActor): Promise<void> {
  try {
    await restartBoot(boot);
  } catch (error) {
    if (error instanceof RestartError) throw new AuthError('session-failed', error.message, { cause: error });
    throw error;
  }
}
