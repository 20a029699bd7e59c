import type { Section } from './sections.lazy.ts';
import { SectionPage } from './SectionPage.tsx';

export function Screen({ section }: { section: Section }) {
  return <SectionPage section={section} />;
}
