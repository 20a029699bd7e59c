import { getProviderTokens } from '../auth/providerTokens.ts';
import { publishProviderTokens } from '../auth/providerTokenSharing.ts';
import type { PersonName } from '../boot/personName.ts';
import type { BootActor } from '../boot/bootActor.ts';
import { restartBoot } from '../boot/restart.ts';
import { logError } from '../lib/log.ts';

/**
 * After the provider saved the person's name: kept with the provider tokens
 * (this tab's and the other tabs'), where the app takes the name from, and
 * the session read again through start-up, so the header and Home show it at
 * once. The provider's next ID token carries the same name. A re-run that
 * fails leaves the former name on screen until the next start; the name is
 * saved all the same, so that is logged, not said.
 */
export async function showPersonName(boot: BootActor, person: PersonName): Promise<void> {
  const tokens = getProviderTokens();
  if (!tokens) return;
  publishProviderTokens({ ...tokens, person });
  try {
    await restartBoot(boot);
  } catch (error) {
    logError('my-account', error);
  }
}
