import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

/** Shown inside the shell when the user lacks the permission a section needs. */
export function NoAccess() {
  return (
    <main className="page" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Geen toegang</Trans>
      </h1>
      <p>
        <Trans>Je hebt geen rechten voor dit onderdeel. Vraag de beheerder om toegang als je het nodig hebt.</Trans>
      </p>
      <p>
        <Link to="/app/home">
          <Trans>Naar de startpagina</Trans>
        </Link>
      </p>
    </main>
  );
}
