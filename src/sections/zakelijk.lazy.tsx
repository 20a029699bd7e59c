import { createLazyRoute } from '@tanstack/react-router';
import { SectionPage } from './SectionPage.tsx';

export const Route = createLazyRoute('/_shell/zakelijk')({ component: () => <SectionPage section="zakelijk" /> });
