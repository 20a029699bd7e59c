import { createRoute, type AnyRoute, type LazyRoute } from '@tanstack/react-router';
import { withPages } from '../i18n/withPages.ts';
import type { SectionKey } from '../sections/sections.ts';
import { shellRoute } from './shellRoute.tsx';

type LazySection = () => Promise<{ Route: LazyRoute<AnyRoute> }>;

/** The business sections: lazy, each its own chunk, fetched only when visited. */
const lazySections: Record<SectionKey, LazySection> = {
  verkoop: () => import('../sections/verkoop.lazy.tsx'),
  crm: () => import('../sections/crm.lazy.tsx'),
  uitvoering: () => import('../sections/uitvoering.lazy.tsx'),
  marketing: () => import('../sections/marketing.lazy.tsx'),
  zakelijk: () => import('../sections/zakelijk.lazy.tsx'),
  admin: () => import('../sections/admin.lazy.tsx'),
  beheer: () => import('../sections/beheer.lazy.tsx'),
  wvb: () => import('../sections/wvb.lazy.tsx'),
};

export const sectionRoutes = (Object.keys(lazySections) as SectionKey[]).map((key) =>
  createRoute({ getParentRoute: () => shellRoute, path: key }).lazy(async () => (await withPages(lazySections[key])).Route),
);
