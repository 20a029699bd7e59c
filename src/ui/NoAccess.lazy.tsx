import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOME_PATH } from '../lib/paths.ts';
import { PageHeading } from './PageHeading.tsx';

/** Shown inside the shell for a section or an action the user lacks the permission for; never a sign-out. */
export function NoAccess() {
  const { t } = useLingui();
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={t`Geen toegang`} />
      <p>
        <Trans>Je hebt geen rechten voor dit onderdeel. Vraag de beheerder om toegang als je het nodig hebt.</Trans>
      </p>
      <p>
        <Link to={HOME_PATH}>
          <Trans>Naar de startpagina</Trans>
        </Link>
      </p>
    </main>
  );
}

/** For React.lazy. */
export default NoAccess;
