import { createActor, fromPromise, type Actor, type SnapshotFrom } from 'xstate';
import { createBootMachine } from '../../machines/boot.machine.ts';
import type { BootContext, BootInput, BootUserConfiguration } from '../../machines/boot.types.ts';
import { errorOf, outputOf } from '../../machines/error.ts';
import { getCultureName } from '../abp/culture.ts';
import { abpEvents } from '../abp/events.ts';
import { getCurrentLoginInformations, type Session } from '../abp/session.ts';
import { clearToken, getToken } from '../abp/authToken.ts';
import { hasChosenTenant } from '../abp/tenant.ts';
import { getUserConfiguration, type UserConfiguration } from '../abp/userConfiguration.ts';
import { abpClientFor } from '../config/abpClient.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { requestAppConfig } from '../config/appConfigRequest.ts';
import { takeEarlyRequests, type EarlyRequests } from '../config/early.ts';
import { parseAppConfig } from '../config/parseAppConfig.ts';
import { activateLocale } from '../i18n/i18n.ts';
import { logError } from '../lib/log.ts';
import { nextTask } from '../lib/whenIdle.ts';

/** Start-up's context with the app's own types, as the machine is made for them below. */
export type AppBootContext = BootContext<AppConfig, UserConfiguration, Session, EarlyRequests>;

/** The lookup of the environment the config names, for a browser that has chosen none: never part of a later start. */
const tenantCode = () => import('./configuredTenant.lazy.ts');

/** What settles GetAll's and the session's answers for a start that holds a token (the language, an ignored token, the person's name): never part of the start. */
const settler = () => import('./deviceLanguage.lazy.ts');

/**
 * The bootMachine with the browser's implementations: made when start-up
 * begins (createBootActor), not as the app's script is evaluated, since
 * making a machine (and again with `provide`) builds its whole tree of states.
 */
export const browserBootMachine = (
  bootMachine: ReturnType<typeof createBootMachine<AppConfig, UserConfiguration, Session, EarlyRequests>>,
) =>
  bootMachine.provide({
    actors: {
      // On the first pass `early` holds what index.html's script asked (config/early.ts): each request takes its answer when asked alike.
      loadConfig: fromPromise(async ({ input }) => {
        // The environment's lookup (a browser that has chosen none, once) loads its code beside the config, not after
        // it: on a new phone's first start it is on the way to the first page.
        if (!input.tenantChosen) tenantCode().catch(() => undefined);
        return parseAppConfig(await requestAppConfig(input.early?.config));
      }),
      chooseTenant: fromPromise(async ({ input }) => (await tenantCode()).chooseConfiguredTenant(input.config, input.early?.tenant)),
      loadUserConfiguration: fromPromise(async ({ input }) => {
        const sent = getToken();
        // index.html's GetAll, when it was asked for as this one is.
        const client = abpClientFor(input.config, input.early?.getAll);
        // With a token held, the code that settles the answer (the language, a token the backend ignored) loads beside GetAll.
        const settling = sent === undefined ? undefined : settler();
        const answered = await getUserConfiguration(client);
        if (!settling && answered.session.userId === null) return answered;
        return (await (settling ?? settler())).settleUserConfiguration(input.config, answered, sent);
      }),
      loadPersonLanguage: fromPromise(async ({ input }) => (await settler()).loadPersonLanguage(input.config, abpClientFor(input.config))),
      // A signed-in person's name is the provider's (boot/personName.ts), by the code that settled GetAll's answer,
      // which also says whether someone acts as another person.
      initSession: fromPromise(async ({ input }) => {
        const session = await getCurrentLoginInformations(abpClientFor(input.config));
        return session.user ? (await settler()).settleSession(session, input.userConfiguration) : session;
      }),
      loadLocale: fromPromise(({ input }) => activateLocale(input.localeName)),
    },
    actions: {
      clearToken: () => clearToken(),
      // Only the token the backend ignored: a sign-in beside start-up may have stored a new one meanwhile.
      clearIgnoredToken: ({ event }) => {
        const { ignoredToken } = outputOf<BootUserConfiguration>(event, 'loadUserConfiguration');
        if (ignoredToken !== undefined && getToken() === ignoredToken) clearToken();
      },
      logError: ({ event }) => logError('start-up', errorOf(event)),
      triggerDynamicScriptsInitialized: () => abpEvents.trigger('abp.dynamicScriptsInitialized'),
      clearBusy: () => document.getElementById('root')?.removeAttribute('aria-busy'),
    },
  });

type BrowserBootMachine = ReturnType<typeof browserBootMachine>;
export type BootSnapshot = SnapshotFrom<BrowserBootMachine>;
/** The start-up actor, with the browser's implementations. */
export type BootActor = Actor<BrowserBootMachine>;

/**
 * Makes the page's start-up actor: the machine, the machine with the
 * browser's implementations (`provide` builds the tree of states again) and
 * the actor (which works out the machine's first state) each in a task of its
 * own, so that on a slow phone none of them makes one long task. src/start.tsx
 * makes the one actor of the page, outside React so StrictMode cannot start
 * it twice, and hands it on: to App (which gives it to the screens through
 * BootActorContext), to the router's context and to what runs once signed in.
 */
export async function createBootActor(): Promise<BootActor> {
  const bootMachine = createBootMachine<AppConfig, UserConfiguration, Session, EarlyRequests>();
  await nextTask();
  const machine = browserBootMachine(bootMachine);
  await nextTask();
  const boot = createActor(machine, { input: bootInput() });
  // Back online while start-up waits for the server: try now, not after the wait.
  window.addEventListener('online', () => {
    if (bootContext(boot.getSnapshot()).waits !== undefined) boot.send({ type: 'RETRY' });
  });
  return boot;
}

/**
 * What start-up starts from in this page: the culture cookie's language, whether the browser has chosen an
 * environment, and the requests index.html's script sent (taken once).
 */
export function bootInput(): BootInput<EarlyRequests> {
  return { cultureName: getCultureName(), tenantChosen: hasChosenTenant(), early: takeEarlyRequests() };
}

/** Start-up's context, in the app's types. */
export function bootContext(snapshot: BootSnapshot): AppBootContext {
  return snapshot.context;
}

/** The application config of the start-up actor given; it has loaded it before any code that asks for it runs. */
export function configOf(boot: BootActor): AppConfig {
  return currentConfigOf(boot.getSnapshot());
}

/** The application config in start-up's snapshot, which has it once loaded, before any code that asks for it runs. */
export function currentConfigOf(snapshot: BootSnapshot): AppConfig {
  const { config } = bootContext(snapshot);
  if (!config) throw new Error('the application config is not loaded yet');
  return config;
}

export function userConfigurationOf(snapshot: BootSnapshot): UserConfiguration | undefined {
  return snapshot.context.userConfiguration;
}
