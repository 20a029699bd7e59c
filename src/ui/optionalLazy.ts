import { lazy, type ComponentType } from 'react';
import { withPages } from '../i18n/withPages.ts';
import { logError } from '../lib/log.ts';

/**
 * A lazily loaded part the page can do without (a banner, a prompt): loaded
 * with the `pages` catalog; when its code cannot be fetched it logs and
 * renders nothing, instead of taking the whole page down.
 */
export function optionalLazy(load: () => Promise<ComponentType>) {
  return lazy<ComponentType>(() =>
    withPages(load).then(
      (component) => ({ default: component }),
      (error: unknown) => {
        logError('load', error);
        return { default: () => null };
      },
    ),
  );
}
