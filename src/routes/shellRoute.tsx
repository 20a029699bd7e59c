import { createRoute } from '@tanstack/react-router';
import { Shell } from '../ui/Shell.tsx';
import { requireUser } from './guards.ts';
import { rootRoute } from './rootRoute.tsx';

/** Every page behind sign-in shares the shell (navigation, user, language) and needs a session user. */
export const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_shell',
  beforeLoad: ({ context, location }) => requireUser(context, location),
  component: Shell,
});
