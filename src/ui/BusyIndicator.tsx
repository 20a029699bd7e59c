import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export interface BusyIndicatorProps {
  /** Start-up got no answer from the server and tries again by itself; the button tries now. */
  waiting?: { onRetry: () => void };
  /** Said under the label: what a slow start waits for (src/ui/SlowStart.lazy.tsx). */
  children?: ReactNode;
}

/** The same markup index.html paints before any script runs, so nothing shifts when React takes over. */
export function BusyIndicator({ waiting, children }: BusyIndicatorProps = {}) {
  return (
    <div className="busy" role="status" aria-live="polite" aria-busy={!waiting}>
      <span className="busy__spinner" aria-hidden="true" />
      <span className="busy__label">
        {waiting ? (
          <Trans>Geen verbinding met de server. De applicatie start vanzelf zodra die er weer is.</Trans>
        ) : (
          <Trans>Bezig met laden…</Trans>
        )}
      </span>
      {children}
      {waiting && (
        <button type="button" className="button button--primary" onClick={waiting.onRetry}>
          <Trans>Opnieuw proberen</Trans>
        </button>
      )}
    </div>
  );
}
