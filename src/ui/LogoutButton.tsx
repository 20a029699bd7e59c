import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useAppConfig } from '../boot/useBoot.ts';
import './button-quiet.css';

/** Signs out at the backend and the provider; the sign-in code is fetched only when pressed. */
export function LogoutButton() {
  const config = useAppConfig();
  const [busy, setBusy] = useState(false);
  async function logout() {
    if (!config) return;
    setBusy(true);
    const { signOut } = await import('../signin/signOut.lazy.ts');
    await signOut(config.auth);
  }
  return (
    <button type="button" className="button button--quiet" disabled={busy} onClick={() => void logout()}>
      <Trans>Uitloggen</Trans>
    </button>
  );
}
