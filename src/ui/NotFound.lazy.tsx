import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorScreen } from './ErrorScreen.tsx';

export function NotFound() {
  const { t } = useLingui();
  return (
    <ErrorScreen
      title={t`Pagina niet gevonden`}
      message={<Trans>De pagina die je zoekt bestaat niet (meer). Controleer het adres of ga naar de startpagina.</Trans>}
      action={
        <Link to="/app/home" className="button button--primary">
          <Trans>Naar de startpagina</Trans>
        </Link>
      }
    />
  );
}

/** For React.lazy. */
export default NotFound;
