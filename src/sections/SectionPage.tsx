import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useIsGranted } from '../boot/useBoot.ts';
import { NoAccess } from '../ui/NoAccess.tsx';
import { sectionByKey, type SectionKey } from './sections.ts';

/** A business section's own page: its title, and honestly no screens yet. */
export function SectionPage({ section }: { section: SectionKey }) {
  const { i18n } = useLingui();
  const { label, permission } = sectionByKey(section);
  const allowed = useIsGranted(permission);
  const title = i18n._(label);
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (!allowed) return <NoAccess />;
  return (
    <main className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="note">
        <Trans>De schermen van dit onderdeel zijn er nog niet. Ze komen in een volgende versie.</Trans>
      </p>
    </main>
  );
}
