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
 * No answer at all (no connection, the server down, the time-out: src's kinds
 * `network`, `timeout`, `config-unreachable`), not an HTTP error: an answer
 * has a status (a config file's 503 is `config-unreachable` too).
 */
function isUnanswered(error: unknown): boolean {
  const { kind, status } = toMachineError(error);
  return !status && (kind === 'network' || kind === 'timeout' || kind === 'config-unreachable');
}

/** The wait before start-up asks again: 1 s, 2 s, 4 s, 8 s, then every 10 s (a person looks at the busy screen meanwhile). */
export function startRetryDelay(waits: number): number {
  return Math.min(500 * 2 ** waits, 10_000);
}

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
    countWait: assign({ waits: ({ context }) => (context.waits ?? 0) + 1 }),
    resetWaits: assign({ waits: undefined }),
    clearToken: () => {},
    logError: (_, _params: { error: unknown }) => {},
    triggerDynamicScriptsInitialized: () => {},
    clearBusy: () => {},
  },
  guards: {
    isUnauthorized: (_, { error }: { error: unknown }) => toMachineError(error).status === 401,
    isRestart: ({ context }) => context.previous !== undefined,
    // A re-run keeps its page and says it failed; only the first start waits for the server.
    waitsForServer: ({ context }, { error }: { error: unknown }) => context.previous === undefined && isUnanswered(error),
    needsLocale: ({ context }) => languageOf(context) !== BUILT_IN_LANGUAGE,
  },
  delays: {
    serverRetry: ({ context }) => startRetryDelay(context.waits ?? 1),
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
        onError: [
          {
            guard: { type: 'waitsForServer', params: failure },
            target: 'waitingForServer',
            actions: { type: 'logError', params: failure },
          },
          {
            target: 'configFailed',
            actions: [
              { type: 'storeError', params: failure },
              { type: 'logError', params: failure },
              'clearBusy',
            ],
          },
        ],
      },
    },
    // No answer from the config, GetAll or the session (the server or the connection is down): the busy
    // screen says so, and start-up begins again by itself after a growing wait, or at once on RETRY.
    waitingForServer: {
      entry: ['countWait', 'clearBusy'],
      after: { serverRetry: 'loadingConfig' },
      on: { RETRY: 'loadingConfig' },
    },
    configFailed: {
      on: { RETRY: 'loadingConfig' },
    },
    loadingUserConfiguration: {
      invoke: {
        id: 'loadUserConfiguration',
        src: 'loadUserConfiguration',
        input: ({ context }) => ({ config: context.config! }),
        onDone: {
          target: 'dynamicScriptsInitialized',
          actions: { type: 'storeUserConfiguration', params: output },
        },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: failure },
            target: 'dynamicScriptsInitialized',
            actions: ['clearToken', 'forgetUserConfiguration', { type: 'logError', params: failure }],
          },
          {
            guard: { type: 'waitsForServer', params: failure },
            target: 'waitingForServer',
            actions: { type: 'logError', params: failure },
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
            guard: { type: 'waitsForServer', params: failure },
            target: 'waitingForServer',
            actions: { type: 'logError', params: failure },
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
      entry: ['clearBusy', 'resetWaits'],
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
