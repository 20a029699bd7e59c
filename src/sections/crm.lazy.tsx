import { createLazyRoute } from '@tanstack/react-router';
import { SectionPage } from './SectionPage.tsx';

export const Route = createLazyRoute('/_shell/crm')({ component: () => <SectionPage section="crm" /> });
