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

/** Failures that can be no answer at all (no connection, the server down, the time-out), as src's errors name them. */
const UNANSWERED = new Set(['network', 'timeout', 'config-unreachable']);

/** No answer, not an HTTP error: an answer has a status (a config file's 503 is `config-unreachable` too). */
function isUnanswered(error: unknown): boolean {
  const { kind, status } = toMachineError(error);
  return UNANSWERED.has(kind) && !status;
}

/** The first wait for a server that gave no answer at start-up; it doubles after each attempt, up to the maximum. */
export const START_RETRY_FIRST_MS = 1_000;
export const START_RETRY_MAX_MS = 10_000;

/** 1 s, 2 s, 4 s, 8 s, then every 10 s: a person looks at the busy screen meanwhile. */
export function startRetryDelay(waits: number): number {
  return Math.min(START_RETRY_FIRST_MS * 2 ** Math.max(waits - 1, 0), START_RETRY_MAX_MS);
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
    // The server answered: whatever it had not answered before is no longer the matter.
    resetWaits: assign({ waits: undefined, error: undefined }),
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
        onDone: { target: 'loadingUserConfiguration', actions: [{ type: 'storeConfig', params: output }, 'resetWaits'] },
        onError: [
          {
            guard: { type: 'waitsForServer', params: failure },
            target: 'waitingForConfig',
            actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }],
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
    // No answer (the server or the connection is down): the busy screen says so and start-up tries again by itself.
    waitingForConfig: {
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
          actions: [{ type: 'storeUserConfiguration', params: output }, 'resetWaits'],
        },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: failure },
            target: 'dynamicScriptsInitialized',
            actions: ['clearToken', 'forgetUserConfiguration', { type: 'logError', params: failure }],
          },
          {
            guard: { type: 'waitsForServer', params: failure },
            target: 'waitingForUserConfiguration',
            actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }],
          },
          {
            target: 'dynamicScriptsInitialized',
            actions: ['forgetUserConfiguration', { type: 'logError', params: failure }],
          },
        ],
      },
    },
    waitingForUserConfiguration: {
      entry: ['countWait', 'clearBusy'],
      after: { serverRetry: 'loadingUserConfiguration' },
      on: { RETRY: 'loadingUserConfiguration' },
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
            actions: [{ type: 'storeSession', params: output }, 'storeLocaleName', 'resetWaits'],
          },
          { target: 'ready', actions: [{ type: 'storeSession', params: output }, 'storeLocaleName', 'resetWaits'] },
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
            target: 'waitingForSession',
            actions: [{ type: 'storeError', params: failure }, { type: 'logError', params: failure }],
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
    waitingForSession: {
      entry: ['countWait', 'clearBusy'],
      after: { serverRetry: 'initialisingSession' },
      on: { RETRY: 'initialisingSession' },
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
