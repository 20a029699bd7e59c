import { useUserConfiguration } from '../boot/useBoot.ts';
import { InactivityDialog } from '../session/InactivityDialog.tsx';
import { SessionBanner } from '../session/SessionBanner.lazy.tsx';
import { ImpersonationBanner } from './ImpersonationBanner.tsx';

/** ABP's switch for the session time-out (src/abp/sessionTimeOut.ts reads the rest). */
const SESSION_TIME_OUT_ENABLED = 'App.UserManagement.SessionTimeOut.IsEnabled';

/**
 * What a signed-in page may need to say besides its content: acting as
 * someone else, a session that needs attention, the warning before an
 * automatic sign-out. One chunk, loaded with the shell after start-up.
 */
export function ShellBanners() {
  const configuration = useUserConfiguration();
  return (
    <>
      {configuration?.session.impersonatorUserId ? <ImpersonationBanner /> : null}
      <SessionBanner />
      {configuration?.setting.values[SESSION_TIME_OUT_ENABLED]?.toLowerCase() === 'true' ? <InactivityDialog /> : null}
    </>
  );
}
