import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useApi } from '../boot/api.ts';
import { useSession } from '../boot/useBoot.ts';
import { FormAlert } from '../errors/FormAlert.tsx';
import { useAbpForm } from '../errors/useAbpForm.ts';
import type { Listed } from '../management/userDirectory.ts';
import { copyOwnName, type ChangedSince } from '../management/users.ts';

/**
 * Where ABP's copy of one's own name differs from the provider's: says so,
 * and "Naam van je account overnemen" brings ABP's copy in line (the only
 * write of one's own name; docs/architecture.md, "The person's name"). Here,
 * above the list, because the list is where colleagues read and search that
 * copy, and the list already holds it: nothing more is read to know.
 */
export function OwnNameInAbp({ held: people, onCopied }: { held: readonly Listed[]; onCopied: () => Promise<void> }) {
  const api = useApi();
  const { t } = useLingui();
  const me = useSession()?.user;
  const [copied, setCopied] = useState(false);
  const [around, setAround] = useState<ChangedSince[]>([]);
  const form = useAbpForm({ fields: [], area: 'users', fallback: t`Je naam kon niet worden bijgewerkt. Probeer het later opnieuw.` });
  const held = me ? people.find((person) => person.user.id === me.id)?.user : undefined;
  const copy = form.onSubmit(async () => {
    if (!me) return;
    const copy = await copyOwnName(api, me.id, { name: me.name, surname: me.surname });
    setAround(copy.changedSince);
    setCopied(true);
    await onCopied();
  });
  if (copied && (!held || (held.name === me?.name && held.surname === me.surname))) {
    const status = around.find((change) => change.field === 'isActive');
    const roles = around.some((change) => change.field === 'roleNames');
    return (
      <div role="status">
        <p className="saved">
          <Trans>Je naam is bijgewerkt: collega's zien je hier nu zoals bij je account.</Trans>
        </p>
        {/* Read back after the write: nothing of this was written over (the roles were not sent), but the person should know. */}
        {status && (
          <p className="note">
            {status.now
              ? t`Let op: iemand anders heeft je account intussen geactiveerd.`
              : t`Let op: iemand anders heeft je account intussen gedeactiveerd; vraag een andere beheerder waarom.`}
          </p>
        )}
        {roles && (
          <p className="note">
            <Trans>Let op: iemand anders heeft intussen je rollen gewijzigd. Ze staan in de lijst hieronder zoals ze nu zijn.</Trans>
          </p>
        )}
      </div>
    );
  }
  if (!me || !held || (held.name === me.name && held.surname === me.surname)) return null;
  const abpName = `${held.name} ${held.surname}`;
  const ownName = `${me.name} ${me.surname}`;
  return (
    <form className="admin-form" onSubmit={copy}>
      <p>
        <Trans>
          In deze omgeving staat je naam nog als {abpName}; zo zien andere beheerders je hier. Bij je account heet je {ownName}.
        </Trans>
      </p>
      <button type="submit" className="button" disabled={form.busy} aria-busy={form.busy}>
        <Trans>Naam van je account overnemen</Trans>
      </button>
      <FormAlert form={form} />
    </form>
  );
}
