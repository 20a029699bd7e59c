import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useUserConfiguration } from '../boot/useBoot.ts';
import { isGranted } from '../abp/userConfiguration.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import type { Section } from '../section/section.ts';
import { useSectionName } from '../section/SectionName.tsx';
import '../ui/forms.css';
import '../beheer/beheer.css';

/** Beheer's own page: the screens under it that this person may open, each with one line about it. */
export function Screen({ section }: { section: Section }) {
  const { i18n } = useLingui();
  const configuration = useUserConfiguration();
  const pages = (section.pages ?? []).filter((page) => isGranted(configuration, page.permission));
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={useSectionName(section)} />
      {pages.length === 0 ? (
        <p className="note">
          <Trans>Je rol geeft hier nog niets om te beheren. Vraag een beheerder als je gebruikers of rollen moet kunnen beheren.</Trans>
        </p>
      ) : (
        <ul className="beheer-pages">
          {pages.map((page) => (
            <li key={page.key}>
              <Link to="/$section/$" params={{ section: section.key, _splat: page.key }}>
                <strong>{i18n._(page.label)}</strong>
                {i18n._(page.description)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
