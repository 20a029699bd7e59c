import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './actorEvents.ts';
import type { BootConfig, BootContext, BootEvent, BootInput, BootUserConfiguration } from './boot.types.ts';
import { failureOf, outputOf, type MachineError } from './error.ts';
import { BUILT_IN_LANGUAGE, mapLocale } from './locale.ts';

/**
 * No answer at all (no connection, the server down, the time-out: src's kinds
 * `network`, `timeout`, `config-unreachable`), not an HTTP error: an answer
 * has a status (a config file's 503 is `config-unreachable` too).
 */
function isUnanswered({ kind, status }: MachineError): boolean {
  return !status && (kind === 'network' || kind === 'timeout' || kind === 'config-unreachable');
}

/** The wait before start-up asks again: 1 s, 2 s, 4 s, 8 s, then every 10 s (a person looks at the busy screen meanwhile). */
export function startRetryDelay(waits: number): number {
  return Math.min(500 * 2 ** waits, 10_000);
}

/**
 * Start-up, in the order of ABP's app initializer: config, the configured
 * environment (once per browser), user configuration (again in the person's
 * own language when he keeps another),
 * `abp.dynamicScriptsInitialized`, session, locale. Implementations come from
 * src/ through `.provide(...)`. What it loads is typed by the caller (`C`,
 * `U`, `S`: src/ gives its own config, user configuration and session; `E`,
 * the answers the page asked for before start-up, which the config's and
 * the environment's lookup's and GetAll's actors take on the first pass), so it is read as those types with
 * no cast; the machine reads only what BootConfig and BootUserConfiguration
 * declare.
 */
export function createBootMachine<
  C extends BootConfig = BootConfig,
  U extends BootUserConfiguration = BootUserConfiguration,
  S = unknown,
  E = unknown,
>() {
  return setup({
    types: {
      context: {} as BootContext<C, U, S, E>,
      events: {} as BootEvent,
      input: {} as BootInput<E>,
    },
    actors: {
      /** Given whether the environment's lookup may follow (`tenantChosen`), so what it needs can load beside the config. */
      loadConfig: fromPromise<C, { early: E | undefined; tenantChosen: boolean }>(notProvided),
      /** Resolves whether this browser works in an environment now (the lookup may find none); rejects when the lookup got no answer. */
      chooseTenant: fromPromise<boolean, { config: C; early: E | undefined }>(notProvided),
      loadUserConfiguration: fromPromise<U, { config: C; early: E | undefined }>(notProvided),
      /** GetAll again, in the language ABP keeps for the signed-in person (BootUserConfiguration.keepsOtherLanguage). */
      loadPersonLanguage: fromPromise<U, { config: C }>(notProvided),
      initSession: fromPromise<S, { config: C; userConfiguration: U | undefined }>(notProvided),
      loadLocale: fromPromise<void, { localeName: string }>(notProvided),
    },
    actions: {
      storeConfig: assign(({ event }) => ({ config: outputOf<C>(event, 'loadConfig') })),
      storeTenantChosen: assign(({ event }) => ({ tenantChosen: outputOf<boolean>(event, 'chooseTenant') })),
      storeUserConfiguration: assign(({ event }) => ({
        userConfiguration: outputOf<U>(event, 'loadUserConfiguration', 'loadPersonLanguage'),
      })),
      forgetUserConfiguration: assign({ userConfiguration: undefined }),
      storeSession: assign(({ event }) => ({ session: outputOf<S>(event, 'initSession'), previous: undefined })),
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
      // The early answers served the first pass: whatever start-up asks after this, it asks the network.
      forgetEarly: assign({ early: undefined }),
      storeError: assign(({ event }) => ({ error: failureOf(event) })),
      clearError: assign({ error: undefined }),
      countWait: assign({ waits: ({ context }) => (context.waits ?? 0) + 1 }),
      resetWaits: assign({ waits: undefined }),
      clearToken: () => {},
      clearIgnoredToken: () => {},
      logError: () => {},
      triggerDynamicScriptsInitialized: () => {},
      clearBusy: () => {},
    },
    guards: {
      // A browser that has chosen no environment yet looks up the one the config names (once it has one).
      choosesTenant: ({ context, event }) => !context.tenantChosen && Boolean(outputOf<C>(event, 'loadConfig').tenancyName),
      isUnauthorized: ({ event }) => failureOf(event).status === 401,
      isTokenIgnored: ({ event }) => outputOf<U>(event, 'loadUserConfiguration').ignoredToken !== undefined,
      keepsOtherLanguage: ({ event }) => outputOf<U>(event, 'loadUserConfiguration').keepsOtherLanguage === true,
      isRestart: ({ context }) => context.previous !== undefined,
      // A re-run keeps its page and says it failed; only the first start waits for the server.
      waitsForServer: ({ context, event }) => context.previous === undefined && isUnanswered(failureOf(event)),
      needsLocale: ({ context }) => languageOf(context) !== BUILT_IN_LANGUAGE,
    },
    delays: {
      serverRetry: ({ context }) => startRetryDelay(context.waits ?? 1),
    },
  }).createMachine({
    id: 'boot',
    initial: 'loadingConfig',
    context: ({ input }) => ({ cultureName: input.cultureName, tenantChosen: input.tenantChosen, early: input.early }),
    states: {
      loadingConfig: {
        entry: 'clearError',
        invoke: {
          id: 'loadConfig',
          src: 'loadConfig',
          input: ({ context }) => ({ early: context.early, tenantChosen: Boolean(context.tenantChosen) }),
          onDone: [
            { guard: 'choosesTenant', target: 'choosingTenant', actions: 'storeConfig' },
            { target: 'loadingUserConfiguration', actions: 'storeConfig' },
          ],
          onError: [
            {
              guard: 'waitsForServer',
              target: 'waitingForServer',
              actions: 'logError',
            },
            {
              target: 'configFailed',
              actions: ['storeError', 'logError', 'clearBusy'],
            },
          ],
        },
      },
      // Without an environment ABP treats every request as the host's and refuses staff there. No answer stops
      // start-up (going on would put the person on the host); any other refusal is logged and start-up goes on
      // without one, so the login page asks for it.
      choosingTenant: {
        invoke: {
          id: 'chooseTenant',
          src: 'chooseTenant',
          input: ({ context }) => ({ config: context.config!, early: context.early }),
          onDone: { target: 'loadingUserConfiguration', actions: 'storeTenantChosen' },
          onError: [
            {
              guard: 'waitsForServer',
              target: 'waitingForServer',
              actions: 'logError',
            },
            {
              target: 'loadingUserConfiguration',
              actions: 'logError',
            },
          ],
        },
      },
      // No answer from the config, the environment's lookup, GetAll or the session (the server or the connection is down): the busy
      // screen says so, and start-up begins again by itself after a growing wait, or at once on RETRY.
      waitingForServer: {
        entry: ['countWait', 'forgetEarly', 'clearBusy'],
        after: { serverRetry: 'loadingConfig' },
        on: { RETRY: 'loadingConfig' },
      },
      configFailed: {
        entry: 'forgetEarly',
        on: { RETRY: 'loadingConfig' },
      },
      loadingUserConfiguration: {
        invoke: {
          id: 'loadUserConfiguration',
          src: 'loadUserConfiguration',
          input: ({ context }) => ({ config: context.config!, early: context.early }),
          onDone: [
            {
              guard: 'keepsOtherLanguage',
              target: 'loadingPersonLanguage',
              actions: 'storeUserConfiguration',
            },
            {
              guard: 'isTokenIgnored',
              target: 'dynamicScriptsInitialized',
              actions: ['clearIgnoredToken', 'storeUserConfiguration'],
            },
            {
              target: 'dynamicScriptsInitialized',
              actions: 'storeUserConfiguration',
            },
          ],
          onError: [
            {
              guard: 'waitsForServer',
              target: 'waitingForServer',
              actions: 'logError',
            },
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
      // The person keeps another language at the backend than this device asked GetAll in: asked again in his. Without
      // that answer the first one serves, in this device's language.
      loadingPersonLanguage: {
        invoke: {
          id: 'loadPersonLanguage',
          src: 'loadPersonLanguage',
          input: ({ context }) => ({ config: context.config! }),
          onDone: { target: 'dynamicScriptsInitialized', actions: 'storeUserConfiguration' },
          onError: { target: 'dynamicScriptsInitialized', actions: 'logError' },
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
          input: ({ context }) => ({ config: context.config!, userConfiguration: context.userConfiguration }),
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
              actions: ['restorePrevious', 'storeError', 'logError'],
            },
            {
              guard: 'waitsForServer',
              target: 'waitingForServer',
              actions: 'logError',
            },
            {
              target: 'rejected',
              actions: ['storeError', 'logError', 'clearBusy'],
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
        entry: ['clearBusy', 'resetWaits', 'forgetEarly'],
        on: { RESTART: { target: 'loadingUserConfiguration', actions: ['rememberCurrent', 'clearError'] } },
      },
      rejected: {
        type: 'final',
      },
    },
  });
}

/** The machine with the shapes it reads, for its diagrams, paths and tests. */
export const bootMachine = /* @__PURE__ */ createBootMachine();

/** The current language: from the user configuration, else from the culture cookie. */
function languageOf(context: BootContext<BootConfig, BootUserConfiguration, unknown, unknown>): string {
  return context.userConfiguration?.localization.currentLanguage.name ?? context.cultureName;
}
