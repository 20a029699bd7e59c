import { Trans } from '@lingui/react/macro';
import { PageHeading } from '../ui/PageHeading.tsx';
import type { Section } from '../section/section.ts';
import { useSectionName } from '../section/SectionName.tsx';

/** A business section's own page: its title, and honestly no screens yet. The route lets only those in who may open it. */
export function SectionPage({ section }: { section: Section }) {
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={useSectionName(section)} />
      <p className="note">
        <Trans>De schermen van dit onderdeel zijn er nog niet. Ze komen in een volgende versie.</Trans>
      </p>
    </main>
  );
}
