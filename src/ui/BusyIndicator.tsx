import { Trans } from '@lingui/react/macro';

export interface BusyIndicatorProps {
  /** Start-up got no answer from the server and tries again by itself; the button tries now. */
  waiting?: { onRetry: () => void };
}

/** The same markup index.html paints before any script runs, so nothing shifts when React takes over. */
export function BusyIndicator({ waiting }: BusyIndicatorProps = {}) {
  if (waiting) {
    return (
      <div className="busy" role="status" aria-live="polite">
        <span className="busy__spinner" aria-hidden="true" />
        <span className="busy__label">
          <Trans>Wachten op verbinding met de server…</Trans>
        </span>
        <p className="busy__hint">
          <Trans>De applicatie start vanzelf zodra de server weer antwoordt.</Trans>
        </p>
        <button type="button" className="button button--primary" onClick={waiting.onRetry}>
          <Trans>Opnieuw proberen</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="busy" role="status" aria-live="polite" aria-busy="true">
      <span className="busy__spinner" aria-hidden="true" />
      <span className="busy__label">
        <Trans>Bezig met laden…</Trans>
      </span>
    </div>
  );
}
