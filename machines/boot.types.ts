import type { MachineError } from './error.ts';

/**
 * The shapes the bootMachine needs from the outside world. src/ supplies richer
 * types that satisfy these; the machine only reads what is declared here.
 */

/** One `localeMappings` entry of the application config. */
export interface LocaleMapping {
  from: string;
  to: string;
}

/** The part of the application config the machine reads. */
export interface BootConfig {
  localeMappings: LocaleMapping[];
  /** The environment (ABP tenant) the company works in, which a browser that has chosen none is put in. */
  tenancyName?: string;
}

/** The part of `AbpUserConfiguration/GetAll` the machine reads. */
export interface BootUserConfiguration {
  localization: { currentLanguage: { name: string } };
  /**
   * The bearer the request carried, when the backend answered it as anonymous
   * all the same. ABP answers a forged, expired or unknown token on GetAll with
   * 200 as anonymous, never 401 (abp-recorded/userconfiguration.json
   * `forged-bearer`, `expired-bearer`): the token is dead and is cleared as
   * a 401 would clear it.
   */
  ignoredToken?: string;
  /**
   * Set when the signed-in person keeps another language at the backend than
   * the one this device asked for, and may choose it there: start-up then asks
   * GetAll again in his (src/boot/deviceLanguage.lazy.ts).
   */
  keepsOtherLanguage?: boolean;
}

export interface BootInput<E = unknown> {
  /** Language from the culture cookie; used when the user configuration could not be loaded. */
  cultureName: string;
  /** Whether this browser works in an environment already (its tenant cookie): then start-up looks up none. */
  tenantChosen?: boolean;
  /**
   * What the page asked before the machine existed (src/: index.html's early
   * requests, `E`), handed to the config's, the environment's lookup's and GetAll's actors on the first
   * pass only: a retry, a wait for the server or a re-run asks again.
   */
  early?: E;
}

export interface BootContext<
  C extends BootConfig = BootConfig,
  U extends BootUserConfiguration = BootUserConfiguration,
  S = unknown,
  E = unknown,
> {
  cultureName: string;
  /** Whether this browser works in an environment: from the input, then from the lookup (BootInput). */
  tenantChosen?: boolean;
  /** The early answers of the input, until start-up has made its first pass (BootInput). */
  early?: E;
  config?: C;
  userConfiguration?: U;
  session?: S;
  /** The locale name after `localeMappings`, set once the language is known. */
  localeName?: string;
  error?: MachineError;
  /** How often in a row start-up got no answer from the server (it waits longer each time); unset once it answers. */
  waits?: number;
  /** What a re-run replaces, kept until its session is known: a failed re-run puts it back. */
  previous?: Pick<BootContext<C, U, S>, 'userConfiguration' | 'session' | 'localeName'>;
}

export type BootEvent =
  /** Start again from the config (after a config failure), or try the request start-up waits for now. */
  | { type: 'RETRY' }
  /**
   * Start again from the user configuration: after sign-in, a language or
   * tenant change. When its session call fails, start-up is back in `ready`
   * with what it had and the error in `context.error`.
   */
  | { type: 'RESTART' };
