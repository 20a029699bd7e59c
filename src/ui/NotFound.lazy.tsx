import { Link, rootRouteId } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOME_PATH } from '../lib/paths.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import { PageHeading } from './PageHeading.tsx';

/**
 * "Pagina niet gevonden": a page inside the shell where a route under the
 * shell answers it (someone signed in: the menu stays, as with "Geen
 * toegang"), a screen of its own where the root does.
 */
// The route that answered comes as `routeId` (TanStack's NotFoundRouteProps): read from a plain object,
// as typing it would make the route tree's type, which names this component, depend on itself.
export function NotFound(props: object) {
  const routeId = ('routeId' in props && props.routeId) || rootRouteId;
  const { t } = useLingui();
  const title = t`Pagina niet gevonden`;
  const message = <Trans>De pagina die je zoekt bestaat niet (meer). Controleer het adres of ga naar de startpagina.</Trans>;
  const home = (
    <Link to={HOME_PATH} className="button button--primary">
      <Trans>Naar de startpagina</Trans>
    </Link>
  );
  if (routeId === rootRouteId) return <ErrorScreen title={title} message={message} action={home} />;
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={title} />
      <p>{message}</p>
      <p>{home}</p>
    </main>
  );
}

/** For React.lazy. */
export default NotFound;
