import { Trans, useLingui } from '@lingui/react/macro';
import { createLazyRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '../../boot/useBoot.ts';
import { useClock } from '../../boot/useClock.ts';
import { formatDate, formatIsoDate } from '../../i18n/formats.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';

/** Set when /app/home is on screen; the benchmark measures start-up up to this mark. */
export const HOME_RENDERED_MARK = 'app-home-rendered';

function Home() {
  const { t } = useLingui();
  const user = useSession()?.user;
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
      <p className="note">
        <Trans>Kies een onderdeel in het menu om verder te gaan.</Trans>
      </p>
    </main>
  );
}

export const Route = createLazyRoute('/_shell/app/home')({ component: Home });
