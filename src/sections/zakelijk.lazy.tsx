import { SectionPage } from './SectionPage.tsx';

export function Screen() {
  return <SectionPage section="zakelijk" />;
}
