import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { BootActor, BootSnapshot } from '../boot/bootActor.ts';

const CONFIG = msg`Wachten op de instellingen van de server.`;
const USER_CONFIGURATION = msg`Wachten op je rechten en instellingen.`;
const SESSION = msg`Wachten op je sessie.`;
const LANGUAGE = msg`Wachten op de teksten in je taal.`;

/**
 * The step start-up is in, in words: config (and the environment it names), GetAll (again in the person's own
 * language), the session, and then the catalog of the person's language.
 */
function stepOf(snapshot: BootSnapshot) {
  if (snapshot.matches('loadingConfig') || snapshot.matches('choosingTenant')) return CONFIG;
  if (
    snapshot.matches('loadingUserConfiguration') ||
    snapshot.matches('loadingPersonLanguage') ||
    snapshot.matches('dynamicScriptsInitialized')
  )
    return USER_CONFIGURATION;
  if (snapshot.matches('initialisingSession')) return SESSION;
  return LANGUAGE;
}

/**
 * Under the busy screen's label once start-up has taken a few seconds (App.tsx
 * loads it then, so a quick start never does): what it waits for, in the
 * language of the catalog that is active, which follows the culture cookie
 * before start-up has settled the language.
 */
export default function SlowStart({ boot }: { boot: BootActor }) {
  const { i18n } = useLingui();
  const step = useSelector(boot, stepOf);
  return (
    <span className="busy__label note">
      {i18n._(msg`Dit duurt langer dan normaal.`)} {i18n._(step)}
    </span>
  );
}
