import { Trans, useLingui } from '@lingui/react/macro';
import { createLazyRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession, useUserConfiguration } from '../../boot/useBoot.ts';
import { useClock } from '../../boot/useClock.ts';
import { formatDate, formatIsoDate } from '../../i18n/formats.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { serverMenu } from '../../abp/menu.ts';

/** Set when /app/home is on screen; the benchmark measures start-up up to this mark. */
export const HOME_RENDERED_MARK = 'app-home-rendered';

function Home() {
  const { t } = useLingui();
  const session = useSession();
  const user = session?.user;
  const configuration = useUserConfiguration();
  // ABP registers a new colleague at the first sign-in with no role: signed in, and a menu without a section.
  // Read from the server's menu, which leaves out what the person may not open: the app's own list is not in the start.
  const opensNothing = serverMenu(configuration)?.length === 0;
  const company = session?.tenant?.name;
  const now = useClock().now();
  const today = formatDate(now);
  useEffect(() => {
    performance.mark(HOME_RENDERED_MARK);
  }, []);
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={t`Start`}>{user?.name ? <Trans>Welkom, {user.name}</Trans> : <Trans>Welkom</Trans>}</PageHeading>
      <p>
        <Trans>
          Vandaag is het <time dateTime={formatIsoDate(now)}>{today}</time>.
        </Trans>
      </p>
      {opensNothing ? (
        <section className="card" aria-labelledby="no-sections-title">
          <h2 id="no-sections-title">
            <Trans>Je hebt nog geen toegang tot een onderdeel</Trans>
          </h2>
          <p>
            {company ? (
              <Trans>Je bent ingelogd, maar je account heeft nog geen rol. Vraag een beheerder van {company} om je een rol te geven; daarna zie je hier en in het menu de onderdelen waarin je kunt werken.</Trans>
            ) : (
              <Trans>Je bent ingelogd, maar je account heeft nog geen rol. Vraag een beheerder om je een rol te geven; daarna zie je hier en in het menu de onderdelen waarin je kunt werken.</Trans>
            )}
          </p>
        </section>
      ) : (
        <p className="note">
          <Trans>Kies een onderdeel in het menu om verder te gaan.</Trans>
        </p>
      )}
    </main>
  );
}

export const Route = createLazyRoute('/_shell/app/home')({ component: Home });
