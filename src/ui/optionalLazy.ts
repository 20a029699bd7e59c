import { lazy, type ComponentType } from 'react';
import { withPages } from '../i18n/withPages.ts';
import { logError } from '../lib/log.ts';

/**
 * A lazily loaded part (with the `pages` catalog) the page can do without or
 * stand in for: when its code cannot be fetched it logs and renders
 * `fallback` (by default nothing) instead of taking the whole page down.
 */
export function optionalLazy<P extends object = object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P> = () => null) {
  return lazy<ComponentType<P>>(() =>
    withPages(load).then(
      (component) => ({ default: component }),
      (error: unknown) => {
        logError('load', error);
        return { default: fallback };
      },
    ),
  );
}
