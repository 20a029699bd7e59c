import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './actorEvents.ts';
import type {
  BootConfig,
  BootContext,
  BootEvent,
  BootInput,
  BootUserConfiguration,
} from './boot.types.ts';
import { failureOf, outputOf } from './error.ts';
import { BUILT_IN_LANGUAGE, mapLocale } from './locale.ts';

/**
 * Start-up, in the order of ABP's app initializer: config, user configuration,
 * `abp.dynamicScriptsInitialized`, session, locale. Implementations come from
 * src/ through `bootMachine.provide(...)`.
 */
export const bootMachine = setup({
  types: {
    context: {} as BootContext,
    events: {} as BootEvent,
    input: {} as BootInput,
  },
  actors: {
    loadConfig: fromPromise<BootConfig>(notProvided),
    loadUserConfiguration: fromPromise<BootUserConfiguration, { config: BootConfig }>(notProvided),
    initSession: fromPromise<unknown, { config: BootConfig }>(notProvided),
    loadLocale: fromPromise<void, { localeName: string }>(notProvided),
  },
  actions: {
    storeConfig: assign(({ event }) => ({ config: outputOf<BootConfig>(event, 'loadConfig') })),
    storeUserConfiguration: assign(({ event }) => ({ userConfiguration: outputOf<BootUserConfiguration>(event, 'loadUserConfiguration') })),
    forgetUserConfiguration: assign({ userConfiguration: undefined }),
    storeSession: assign(({ event }) => ({ session: outputOf<unknown>(event, 'initSession'), previous: undefined })),
    rememberCurrent: assign({
      previous: ({ context }) => ({
        userConfiguration: context.userConfiguration,
        session: context.session,
        localeName: context.localeName,
      }),
    }),
    restorePrevious: assign(({ context }) => ({ ...context.previous, previous: undefined })),
    storeLocaleName: assign({
      localeName: ({ context }) => mapLocale(languageOf(context), context.config?.localeMappings ?? []),
    }),
    storeError: assign(({ event }) => ({ error: failureOf(event) })),
    clearError: assign({ error: undefined }),
    clearToken: () => {},
    clearIgnoredToken: () => {},
    logError: () => {},
    logIgnoredToken: () => {},
    triggerDynamicScriptsInitialized: () => {},
    clearBusy: () => {},
  },
  guards: {
    isUnauthorized: ({ event }) => failureOf(event).status === 401,
    isTokenIgnored: ({ event }) => outputOf<BootUserConfiguration>(event, 'loadUserConfiguration').ignoredToken !== undefined,
    isRestart: ({ context }) => context.previous !== undefined,
    needsLocale: ({ context }) => languageOf(context) !== BUILT_IN_LANGUAGE,
  },
}).createMachine({
  id: 'boot',
  initial: 'loadingConfig',
  context: ({ input }) => ({ cultureName: input.cultureName }),
  states: {
    loadingConfig: {
      entry: 'clearError',
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: { target: 'loadingUserConfiguration', actions: 'storeConfig' },
        onError: {
          target: 'configFailed',
          actions: [
            'storeError',
            'logError',
            'clearBusy',
          ],
        },
      },
    },
    configFailed: {
      on: { RETRY: 'loadingConfig' },
    },
    loadingUserConfiguration: {
      invoke: {
        id: 'loadUserConfiguration',
        src: 'loadUserConfiguration',
        input: ({ context }) => ({ config: context.config! }),
        onDone: [
          {
            guard: 'isTokenIgnored',
            target: 'dynamicScriptsInitialized',
            actions: ['clearIgnoredToken', 'logIgnoredToken', 'storeUserConfiguration'],
          },
          {
            target: 'dynamicScriptsInitialized',
            actions: 'storeUserConfiguration',
          },
        ],
        onError: [
          {
            guard: 'isUnauthorized',
            target: 'dynamicScriptsInitialized',
            actions: ['clearToken', 'forgetUserConfiguration', 'logError'],
          },
          {
            target: 'dynamicScriptsInitialized',
            actions: ['forgetUserConfiguration', 'logError'],
          },
        ],
      },
    },
    dynamicScriptsInitialized: {
      entry: 'triggerDynamicScriptsInitialized',
      always: { target: 'initialisingSession' },
    },
    initialisingSession: {
      invoke: {
        id: 'initSession',
        src: 'initSession',
        input: ({ context }) => ({ config: context.config! }),
        onDone: [
          {
            guard: 'needsLocale',
            target: 'loadingLocale',
            actions: ['storeSession', 'storeLocaleName'],
          },
          { target: 'ready', actions: ['storeSession', 'storeLocaleName'] },
        ],
        onError: [
          // A re-run that fails keeps the page as it was; whoever asked for it says so.
          {
            guard: 'isRestart',
            target: 'ready',
            actions: [
              'restorePrevious',
              'storeError',
              'logError',
            ],
          },
          {
            target: 'rejected',
            actions: [
              'storeError',
              'logError',
              'clearBusy',
            ],
          },
        ],
      },
    },
    loadingLocale: {
      invoke: {
        id: 'loadLocale',
        src: 'loadLocale',
        input: ({ context }) => ({ localeName: context.localeName! }),
        onDone: { target: 'ready' },
        onError: { target: 'ready', actions: 'logError' },
      },
    },
    ready: {
      entry: 'clearBusy',
      on: { RESTART: { target: 'loadingUserConfiguration', actions: ['rememberCurrent', 'clearError'] } },
    },
    rejected: {
      type: 'final',
    },
  },
});

/** The current language: from the user configuration, else from the culture cookie. */
function languageOf(context: BootContext): string {
  return context.userConfiguration?.localization.currentLanguage.name ?? context.cultureName;
}
