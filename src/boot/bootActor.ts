import { createActor, fromPromise } from 'xstate';
import { bootMachine } from '../../machines/boot.machine.ts';
import type { BootConfig } from '../../machines/boot.types.ts';
import { abpClientFor } from '../abp/appClient.ts';
import { getCultureName } from '../abp/culture.ts';
import { abpEvents } from '../abp/events.ts';
import { getCurrentLoginInformations } from '../abp/session.ts';
import { clearToken } from '../abp/token.ts';
import { getUserConfiguration } from '../abp/userConfiguration.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { requestAppConfig } from '../config/appConfigRequest.ts';
import { parseAppConfig } from '../config/parseAppConfig.ts';
import { activateLocale } from '../i18n/i18n.ts';
import { logError } from '../ui/log.ts';

/** The bootMachine with the browser's implementations. */
export const browserBootMachine = bootMachine.provide({
  actors: {
    loadConfig: fromPromise<BootConfig>(async () => parseAppConfig(await requestAppConfig())),
    loadUserConfiguration: fromPromise(({ input }) => getUserConfiguration(abpClientFor(input.config as AppConfig))),
    initSession: fromPromise(({ input }) => getCurrentLoginInformations(abpClientFor(input.config as AppConfig))),
    loadLocale: fromPromise(({ input }) => activateLocale(input.localeName)),
  },
  actions: {
    clearToken: () => clearToken(),
    logError: ({ event }) => logError('start-up', (event as { error?: unknown }).error),
    triggerDynamicScriptsInitialized: () => abpEvents.trigger('abp.dynamicScriptsInitialized'),
    clearBusy: () => document.getElementById('root')?.removeAttribute('aria-busy'),
  },
});

/** The one start-up actor of the page, created outside React so StrictMode cannot start it twice. */
export const bootActor = createActor(browserBootMachine, { input: { cultureName: getCultureName() } });
