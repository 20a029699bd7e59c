import { bootMachine } from '../../../machines/boot.machine.ts';
import type { BootConfig, BootContext, BootUserConfiguration } from '../../../machines/boot.types.ts';
import type { MachineModel } from '../../../scripts/paths/model.ts';

const config: BootConfig = {
  tenancyName: 'Default',
  localeMappings: [
    { from: 'nl-NL', to: 'nl' },
    { from: 'en-US', to: 'en' },
  ],
};

function userConfiguration(language: string): BootUserConfiguration {
  return { localization: { currentLanguage: { name: language } } };
}

/**
 * Start-up: the outcomes of its six actors as src produces them (errors are
 * `{ kind, detail }` values, HTTP failures carry their status), RETRY on the
 * config screen and RESTART after sign-in, a language or a tenant change
 * (a re-run, told apart from the first start by its context). A request
 * without an answer, or not answered in time, makes the first start wait
 * and try again.
 */
export const bootModel: MachineModel = {
  name: 'boot',
  machine: bootMachine,
  // A browser's first start: no environment chosen yet, so start-up looks up the one the config names.
  inputs: { nl: { cultureName: 'nl', tenantChosen: false } },
  outcomes: {
    loadConfig: {
      done: { ok: config },
      error: {
        invalid: { kind: 'config-invalid', detail: 'appBaseUrl: missing', field: 'appBaseUrl' },
        'no answer': { kind: 'config-unreachable', detail: 'Failed to fetch' },
      },
    },
    chooseTenant: {
      done: { chosen: true },
      error: {
        // The backend refuses the lookup: start-up goes on without an environment, and the login page asks for one.
        '500': { kind: 'server', detail: 'HTTP 500', status: 500 },
        'no answer': { kind: 'network', detail: 'Failed to fetch' },
      },
    },
    loadUserConfiguration: {
      done: {
        nl: userConfiguration('nl'),
        'en-US': userConfiguration('en-US'),
        'token ignored': { ...userConfiguration('nl'), ignoredToken: 'dead-token' },
        // A signed-in person who keeps English at the backend, on a device in Dutch.
        'keeps en': { ...userConfiguration('nl'), keepsOtherLanguage: true },
      },
      error: {
        '401': { kind: 'unauthorized', detail: 'HTTP 401', status: 401 },
        '500': { kind: 'server', detail: 'HTTP 500', status: 500 },
        'no answer': { kind: 'network', detail: 'Failed to fetch' },
      },
    },
    loadPersonLanguage: {
      done: { en: userConfiguration('en') },
      error: { 'no answer': { kind: 'network', detail: 'Failed to fetch' } },
    },
    initSession: {
      done: { ok: { user: null, tenant: null } },
      error: {
        fail: { kind: 'server', detail: 'HTTP 500', status: 500 },
        'no answer': { kind: 'network', detail: 'Failed to fetch' },
        // The app gives up on a request that is not answered in time (src/abp/client.ts, ky's TimeoutError).
        'time-out': { kind: 'timeout', detail: 'GET api/services/app/Session/GetCurrentLoginInformations: timed out', status: 0 },
      },
    },
    loadLocale: {
      done: { ok: undefined },
      error: { fail: { kind: 'unknown', detail: 'the catalog chunk could not be loaded' } },
    },
  },
  through: [
    // A time-out is no answer too: start-up waits for the server.
    'error initSession (time-out)',
    // A re-run's GetAll that fails forgets the user configuration the first start had.
    'RESTART → error loadUserConfiguration (500)',
    // A start that waited and then got through counts its waits from nothing again.
    'error loadConfig (no answer) → … → done loadLocale (ok)',
    // Once the environment is chosen, a start that asks again does not look it up again.
    'done chooseTenant (chosen) → … → done loadConfig (ok)',
  ],
  // A failed session call ends start-up the first time and returns to ready in a re-run; a start that waited has counted its waits
  // and, once it has chosen the environment, does not look it up again.
  contextKey: (context: BootContext) =>
    `${context.previous ? ' (re-run)' : ''}${context.waits ? ` (waited${context.tenantChosen ? ', environment chosen' : ''})` : ''}`,
};
