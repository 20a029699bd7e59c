import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MachineError } from '../../machines/error.ts';
import { ErrorScreen } from './ErrorScreen.tsx';

// No answer at all (no connection, the time-out) never ends here: start-up waits for the server (BusyIndicator).
const messages: Record<string, MessageDescriptor> = {
  'config-unreachable': msg`Het configuratiebestand van de applicatie kon niet worden opgehaald. Controleer de verbinding en probeer het opnieuw.`,
  'config-missing': msg`Het configuratiebestand van de applicatie ontbreekt op de server. Neem contact op met de beheerder.`,
  'config-not-json': msg`Het configuratiebestand van de applicatie is onleesbaar (geen geldige JSON). Neem contact op met de beheerder.`,
  unauthorized: msg`Je sessie is verlopen. Probeer het opnieuw; je wordt daarna gevraagd opnieuw in te loggen.`,
  forbidden: msg`Je hebt geen toegang tot deze omgeving. Neem contact op met de beheerder.`,
  server: msg`Er ging iets mis op de server. Probeer het over een ogenblik opnieuw.`,
  malformed: msg`De server gaf een onverwacht antwoord. Probeer het opnieuw of neem contact op met de beheerder.`,
};

const fallback = msg`Er ging iets mis bij het starten van de applicatie. Probeer het opnieuw.`;

export interface StartupErrorProps {
  error: MachineError;
  onRetry: () => void;
}

/** The screen for a start-up that stopped: which step failed, and "Opnieuw proberen". */
export function StartupError({ error, onRetry }: StartupErrorProps) {
  const { i18n, t } = useLingui();
  const message =
    error.kind === 'config-invalid'
      ? i18n._(
          msg`Het configuratiebestand van de applicatie is ongeldig: het veld "${error.field ?? '?'}" klopt niet. Neem contact op met de beheerder.`,
        )
      : i18n._(messages[error.kind] ?? fallback);
  return (
    <ErrorScreen
      title={t`De applicatie kon niet starten`}
      message={message}
      action={
        <button type="button" className="button button--primary" onClick={onRetry}>
          <Trans>Opnieuw proberen</Trans>
        </button>
      }
    />
  );
}
