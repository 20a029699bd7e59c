import type { MachineError } from '../../machines/error.ts';
import type { Session } from '../abp/session.ts';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { bootContext, type BootSnapshot } from './bootActor.ts';

/** What the page shows for a start-up state. */
export type BootView =
  /** `waiting`: the server gave no answer, and start-up tries again by itself. */
  | { kind: 'busy'; waiting: boolean }
  | { kind: 'failed'; error: MachineError; final: boolean }
  | { kind: 'ready'; config: AppConfig; session: Session; localeName: string };

/**
 * Busy until the first session is known; after that a re-run (sign-in,
 * language or tenant change) keeps the current screen until it is done.
 */
export function bootView(snapshot: BootSnapshot): BootView {
  const context = bootContext(snapshot);
  if (snapshot.matches('configFailed') || snapshot.matches('rejected')) {
    return { kind: 'failed', error: context.error ?? { kind: 'unknown', detail: '' }, final: snapshot.matches('rejected') };
  }
  if (context.session && context.config && (snapshot.matches('ready') || context.localeName)) {
    return {
      kind: 'ready',
      config: context.config,
      session: context.session,
      localeName: context.localeName ?? 'nl',
    };
  }
  return { kind: 'busy', waiting: context.waits !== undefined };
}

export function bootViewEqual(a: BootView, b: BootView): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'ready' && b.kind === 'ready') return a.session === b.session && a.localeName === b.localeName && a.config === b.config;
  if (a.kind === 'failed' && b.kind === 'failed') return a.error === b.error;
  if (a.kind === 'busy' && b.kind === 'busy') return a.waiting === b.waiting;
  return true;
}

export function userConfigurationOf(snapshot: BootSnapshot): UserConfiguration | undefined {
  return bootContext(snapshot).userConfiguration;
}
