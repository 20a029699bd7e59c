import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './actorEvents.ts';
import type {
  BootConfig,
  BootContext,
  BootEvent,
  BootInput,
  BootUserConfiguration,
} from './boot.types.ts';
import { failure, output, toMachineError } from './error.ts';
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
    storeConfig: assign((_, config: BootConfig) => ({ config })),
    storeUserConfiguration: assign((_, userConfiguration: BootUserConfiguration) => ({ userConfiguration })),
    forgetUserConfiguration: assign({ userConfiguration: undefined }),
    storeSession: assign((_, session: unknown) => ({ session, previous: undefined })),
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
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toMachineError(error) })),
    clearError: assign({ error: undefined }),
    clearToken: () => {},
    clearIgnoredToken: (_, _params: BootUserConfiguration) => {},
    logError: (_, _params: { error: unknown }) => {},
    logIgnoredToken: () => {},
    triggerDynamicScriptsInitialized: () => {},
    clearBusy: () => {},
  },
  guards: {
    isUnauthorized: (_, { error }: { error: unknown }) => toMachineError(error).status === 401,
    isTokenIgnored: (_, { ignoredToken }: BootUserConfiguration) => ignoredToken !== undefined,
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
        onDone: { target: 'loadingUserConfiguration', actions: { type: 'storeConfig', params: output } },
        onError: {
          target: 'configFailed',
          actions: [
            { type: 'storeError', params: failure },
            { type: 'logError', params: failure },
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
            guard: { type: 'isTokenIgnored', params: output },
            target: 'dynamicScriptsInitialized',
            actions: [{ type: 'clearIgnoredToken', params: output }, 'logIgnoredToken', { type: 'storeUserConfiguration', params: output }],
          },
          {
            target: 'dynamicScriptsInitialized',
            actions: { type: 'storeUserConfiguration', params: output },
          },
        ],
        onError: [
          {
            guard: { type: 'isUnauthorized', params: failure },
            target: 'dynamicScriptsInitialized',
            actions: ['clearToken', 'forgetUserConfiguration', { type: 'logError', params: failure }],
          },
          {
            target: 'dynamicScriptsInitialized',
            actions: ['forgetUserConfiguration', { type: 'logError', params: failure }],
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
            actions: [{ type: 'storeSession', params: output }, 'storeLocaleName'],
          },
          { target: 'ready', actions: [{ type: 'storeSession', params: output }, 'storeLocaleName'] },
        ],
        onError: [
          // A re-run that fails keeps the page as it was; whoever asked for it says so.
          {
            guard: 'isRestart',
            target: 'ready',
            actions: [
              'restorePrevious',
              { type: 'storeError', params: failure },
              { type: 'logError', params: failure },
            ],
          },
          {
            target: 'rejected',
            actions: [
              { type: 'storeError', params: failure },
              { type: 'logError', params: failure },
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
        onError: { target: 'ready', actions: { type: 'logError', params: failure } },
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
