import { Trans } from '@lingui/react/macro';

/** The same markup index.html paints before any script runs, so nothing shifts when React takes over. */
export function BusyIndicator() {
  return (
    <div className="busy" role="status" aria-live="polite" aria-busy="true">
      <span className="busy__spinner" aria-hidden="true" />
      <span className="busy__label">
        <Trans>Bezig met laden…</Trans>
      </span>
    </div>
  );
}
