import type { Section } from '../section/section.ts';
import { SectionPage } from './SectionPage.tsx';

export function Screen({ section }: { section: Section }) {
  return <SectionPage section={section} />;
}
