import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from './context.ts';
import { NotFound } from '../ui/NotFound.tsx';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});
