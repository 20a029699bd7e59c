import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { BootStep } from '../../machines/boot.view.ts';

export interface BusyIndicatorProps {
  /** Start-up got no answer from the server and tries again by itself; the button tries now. */
  waiting?: { onRetry: () => void };
  /** What start-up waits for: said once the start takes longer than a few seconds. */
  step?: BootStep;
}

/** After this long since the page was opened, a start says what it waits for. */
export const SLOW_START_MS = 3000;

function useSlowStart(): boolean {
  const [slow, setSlow] = useState(() => performance.now() >= SLOW_START_MS);
  useEffect(() => {
    if (slow) return;
    const timer = setTimeout(() => setSlow(true), SLOW_START_MS - performance.now());
    return () => clearTimeout(timer);
  }, [slow]);
  return slow;
}

function BusyLabel({ step }: { step: BootStep | undefined }) {
  const slow = useSlowStart();
  if (slow && step === 'config') return <Trans>Bezig met laden: de instellingen van de applicatie…</Trans>;
  if (slow && step === 'user') return <Trans>Bezig met laden: je gegevens…</Trans>;
  if (slow && step === 'locale') return <Trans>Bezig met laden: je taal…</Trans>;
  return <Trans>Bezig met laden…</Trans>;
}

/** The same markup index.html paints before any script runs, so nothing shifts when React takes over. */
export function BusyIndicator({ waiting, step }: BusyIndicatorProps = {}) {
  return (
    <div className="busy" role="status" aria-live="polite" aria-busy={!waiting}>
      <span className="busy__spinner" aria-hidden="true" />
      <span className="busy__label">
        {waiting ? <Trans>Geen verbinding met de server. De applicatie start vanzelf zodra die er weer is.</Trans> : <BusyLabel step={step} />}
      </span>
      {waiting && (
        <button type="button" className="button button--primary" onClick={waiting.onRetry}>
          <Trans>Opnieuw proberen</Trans>
        </button>
      )}
    </div>
  );
}
