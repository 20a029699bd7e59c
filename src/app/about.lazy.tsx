import { Trans, useLingui } from '@lingui/react/macro';
import { createLazyRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getCurrentLoginInformations, type Session } from '../abp/session.ts';
import { useApi } from '../boot/api.ts';
import { useSession } from '../boot/useBoot.ts';
import { formatDate } from '../i18n/formats.ts';
import { logError } from '../lib/log.ts';
import { describeError, type ErrorView } from '../errors/describeError.ts';
import { ErrorAlert } from '../errors/FormAlert.tsx';
import { NoAccess } from '../ui/NoAccess.lazy.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { PlaceFacts } from './PlaceFacts.tsx';
import './facts.css';

function dateOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : formatDate(date);
}

/**
 * "Over de applicatie": the version and release date the backend reports
 * (asked again on opening, so it is the server's current answer), the
 * tenant, the language and this build. Also the example of a screen that
 * calls the backend and shows its errors (docs/architecture.md).
 */
function About() {
  const api = useApi();
  const { t, i18n } = useLingui();
  const started = useSession();
  const [session, setSession] = useState<Session | undefined>(started);
  const [error, setError] = useState<ErrorView>();

  useEffect(() => {
    let current = true;
    getCurrentLoginInformations(api).then(
      (fresh) => current && setSession(fresh),
      (failure: unknown) => {
        logError('about', failure);
        if (current) setError(describeError(failure, i18n, { fallback: t`De gegevens van de server konden niet worden opgehaald.` }));
      },
    );
    return () => {
      current = false;
    };
  }, [api, i18n, t]);

  if (error?.action === 'forbidden') return <NoAccess />;
  const application = session?.application;
  const build = __APP_BUILD__;
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={t`Over de applicatie`} />
      <ErrorAlert error={error} />
      <dl className="facts">
        <dt>
          <Trans>Versie</Trans>
        </dt>
        <dd data-testid="about-version">{application?.version ?? t`onbekend`}</dd>
        <dt>
          <Trans>Releasedatum</Trans>
        </dt>
        <dd>{dateOf(application?.releaseDate) ?? t`onbekend`}</dd>
        <PlaceFacts tenant={session?.tenant} />
        <dt>
          <Trans>Build</Trans>
        </dt>
        <dd>
          {build.commit} · {dateOf(build.date)}
        </dd>
      </dl>
    </main>
  );
}

export const Route = createLazyRoute('/_shell/app/about')({ component: About });
