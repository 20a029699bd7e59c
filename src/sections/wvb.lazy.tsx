import { createLazyRoute } from '@tanstack/react-router';
import { SectionPage } from './SectionPage.tsx';

export const Route = createLazyRoute('/_shell/wvb')({ component: () => <SectionPage section="wvb" /> });
