import { createLazyRoute } from '@tanstack/react-router';
import { SectionPage } from './SectionPage.tsx';

export const Route = createLazyRoute('/_shell/beheer')({ component: () => <SectionPage section="beheer" /> });
