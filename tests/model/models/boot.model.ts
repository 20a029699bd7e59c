import { bootMachine } from '../../../machines/boot.machine.ts';
import type { BootConfig, BootContext, BootUserConfiguration } from '../../../machines/boot.types.ts';
import type { MachineModel } from '../../../scripts/paths/model.ts';

const config: BootConfig = { localeMappings: [{ from: 'nl-NL', to: 'nl' }, { from: 'en-US', to: 'en' }] };

function userConfiguration(language: string): BootUserConfiguration {
  return { localization: { currentLanguage: { name: language } } };
}

/**
 * Start-up: the outcomes of its four actors as src produces them (errors are
 * `{ kind, detail }` values, HTTP failures carry their status), RETRY on the
 * config screen and RESTART after sign-in, a language or a tenant change
 * (a re-run, told apart from the first start by its context). A request
 * without an answer makes the first start wait and try again.
 */
export const bootModel: MachineModel = {
  name: 'boot',
  machine: bootMachine,
  inputs: { nl: { cultureName: 'nl' } },
  outcomes: {
    loadConfig: {
      done: { ok: config },
      error: {
        invalid: { kind: 'config-invalid', detail: 'appBaseUrl: missing', field: 'appBaseUrl' },
        'no answer': { kind: 'config-unreachable', detail: 'Failed to fetch' },
      },
    },
    loadUserConfiguration: {
      done: { nl: userConfiguration('nl'), 'en-US': userConfiguration('en-US'), 'token ignored': { ...userConfiguration('nl'), ignoredToken: 'dead-token' } },
      error: {
        '401': { kind: 'unauthorized', detail: 'HTTP 401', status: 401 },
        '500': { kind: 'server', detail: 'HTTP 500', status: 500 },
        'no answer': { kind: 'network', detail: 'Failed to fetch' },
      },
    },
    initSession: {
      done: { ok: { user: null, tenant: null } },
      error: { fail: { kind: 'server', detail: 'HTTP 500', status: 500 }, 'no answer': { kind: 'network', detail: 'Failed to fetch' } },
    },
    loadLocale: {
      done: { ok: undefined },
      error: { fail: { kind: 'unknown', detail: 'the catalog chunk could not be loaded' } },
    },
  },
  // A failed session call ends start-up the first time and returns to ready in a re-run.
  contextKey: (context: BootContext) => (context.previous ? ' (re-run)' : ''),
};
