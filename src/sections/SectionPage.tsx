import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { PageHeading } from '../ui/PageHeading.tsx';
import { sectionByKey, type SectionKey } from './sections.ts';

/** A business section's own page: its title, and honestly no screens yet. The route lets only those in who may open it. */
export function SectionPage({ section }: { section: SectionKey }) {
  const { i18n } = useLingui();
  const title = i18n._(sectionByKey(section).label);
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={title} />
      <p className="note">
        <Trans>De schermen van dit onderdeel zijn er nog niet. Ze komen in een volgende versie.</Trans>
      </p>
    </main>
  );
}
