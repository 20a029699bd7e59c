import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AbpError, type AbpErrorKind } from '../abp/errors.ts';
import { readServerError } from '../abp/serverError.ts';
import { untranslatedKey, wordsForKey } from './untranslatedKeys.ts';
import { validationWords } from './validationWords.ts';

/** What the page does about a failed call, besides saying so. */
export type ErrorAction =
  /** Nothing more: the message, and the person tries again. */
  | 'retry'
  /** No answer: the connection banner takes over; the message only says the work is kept. */
  | 'connection'
  /** 401: sign in again (in a popup, keeping the page), then the call is repeated once. */
  | 'sign-in'
  /** 403: "Geen toegang", never a sign-out. */
  | 'forbidden';

/** A failed call as a person reads it. */
export interface ErrorView {
  action: ErrorAction;
  /** One Dutch (or English) sentence: the server's own localized words when it sent some, ours otherwise. */
  message: string;
  /** The server's `error.details`, when it gave them. */
  details?: string;
  /** Validation messages by the form field their `members` name. */
  fields: Record<string, string[]>;
  /** Validation messages for no field of the form. */
  general: string[];
  /** The server does not know what was asked for (404): a screen may say the item is gone rather than offer a retry. */
  notFound?: true;
}

const ours: Record<AbpErrorKind | 'unknown', MessageDescriptor> = {
  network: msg`De server is niet bereikbaar. Wat je hebt ingevuld blijft staan; probeer het opnieuw zodra de verbinding terug is.`,
  timeout: msg`De server reageert niet op tijd. Wat je hebt ingevuld blijft staan; probeer het over een ogenblik opnieuw.`,
  unauthorized: msg`Je sessie is verlopen. Log opnieuw in om verder te gaan; deze pagina blijft staan.`,
  forbidden: msg`Je hebt geen toestemming voor deze handeling. Vraag de beheerder om toegang als je het nodig hebt.`,
  'not-found': msg`Wat je zoekt bestaat niet (meer). Ververs de pagina en probeer het opnieuw.`,
  validation: msg`Niet alle velden zijn goed ingevuld. Verbeter wat bij de velden staat en probeer het opnieuw.`,
  server: msg`Er ging iets mis op de server. Probeer het over een ogenblik opnieuw.`,
  http: msg`De server kon het verzoek niet verwerken. Probeer het opnieuw of neem contact op met de beheerder.`,
  malformed: msg`De server gaf een onverwacht antwoord. Probeer het opnieuw of neem contact op met de beheerder.`,
  rejected: msg`De server heeft het verzoek niet uitgevoerd. Probeer het opnieuw of neem contact op met de beheerder.`,
  unknown: msg`Er ging iets mis. Probeer het opnieuw.`,
};

/** Kinds whose server message is written for people (ABP localizes it); the others get ours. */
const SERVER_SPEAKS: readonly AbpErrorKind[] = ['forbidden', 'not-found', 'validation', 'server', 'rejected', 'http'];

function actionOf(kind: AbpErrorKind | 'unknown'): ErrorAction {
  if (kind === 'network' || kind === 'timeout') return 'connection';
  if (kind === 'unauthorized') return 'sign-in';
  if (kind === 'forbidden') return 'forbidden';
  return 'retry';
}

/** ABP names members as the DTO's properties (`TenancyName`, `tenancyName`, `input.tenancyName`): compare the last part, case-insensitively. */
function fieldOf(member: string, fieldNames: readonly string[]): string | undefined {
  const last = member.split('.').at(-1)?.toLowerCase();
  return fieldNames.find((name) => name.toLowerCase() === last);
}

/** A failure from outside ABP that knows how to say itself (the provider's my-account API). */
export interface Describable {
  describe(i18n: I18n, fieldNames: readonly string[]): ErrorView;
}

function isDescribable(error: unknown): error is Describable {
  return typeof error === 'object' && error !== null && 'describe' in error && typeof error.describe === 'function';
}

export interface DescribeOptions {
  /** The form's fields: each validation message goes next to the field its `members` name, the rest to the form's alert. */
  fieldNames?: readonly string[];
  /** What failed, in the words of the screen ("De omgeving kon niet worden gecontroleerd."), for a failure with no better words. */
  fallback?: string;
}

/** Kinds where the screen's own sentence says more than a general one; a server's words then follow as details. */
const SCREEN_SPEAKS: readonly (AbpErrorKind | 'unknown')[] = ['server', 'http', 'malformed', 'unknown'];

/**
 * Turns any failure of a backend call into what a person sees: the
 * server's own localized words where ABP writes them for people
 * (validation, refusals, user-friendly errors), ours otherwise, never a
 * technical text. For a 5xx the screen's sentence leads and the server's
 * words follow, since ABP sends user-friendly and unexpected errors alike
 * with 500.
 */
export function describeError(error: unknown, i18n: I18n, options: DescribeOptions = {}): ErrorView {
  const { fieldNames = [], fallback } = options;
  if (isDescribable(error)) return error.describe(i18n, fieldNames);
  if (!(error instanceof AbpError)) return { action: 'retry', message: fallback ?? i18n._(ours.unknown), fields: {}, general: [] };
  const { kind } = error;
  const server = readServerError(error.serverError);
  const action = actionOf(kind);
  if (untranslatedKey(server.message) !== undefined) return describeKey(i18n, kind, server.message, fieldNames, fallback);
  const serverMessage = server.message && inWords(i18n, server.message);
  const serverDetails = server.details && inWords(i18n, server.details);
  if (fallback && SCREEN_SPEAKS.includes(kind)) {
    const details = [serverMessage, serverDetails].filter(Boolean).join(' ');
    return { action: 'retry', message: fallback, ...(details ? { details } : {}), fields: {}, general: [] };
  }
  const fields: Record<string, string[]> = {};
  const general: string[] = [];
  for (const validation of server.validationErrors) {
    const targets = [...new Set(validation.members.map((member) => fieldOf(member, fieldNames)).filter((name) => name !== undefined))];
    if (targets.length === 0) general.push(validationWords(i18n, validation.message, validation.members[0], false));
    for (const name of targets) (fields[name] ??= []).push(validationWords(i18n, validation.message, name, true));
  }
  // ABP's summary of a validation answer ("Uw aanvraag is niet geldig!", then every message again in its details) repeats what stands at the fields.
  if (server.validationErrors.length > 0) return { action, message: i18n._(ours.validation), fields, general: [...new Set(general)] };
  const message = SERVER_SPEAKS.includes(kind) && serverMessage ? serverMessage : i18n._(ours[kind]);
  const details = SERVER_SPEAKS.includes(kind) && serverDetails !== serverMessage ? serverDetails : undefined;
  return {
    action,
    message,
    ...(details ? { details } : {}),
    fields,
    general,
    ...(kind === 'not-found' ? { notFound: true as const } : {}),
  };
}

/** A text with ABP's untranslated keys in it ("…: [Users activation]") in the app's words where it knows them. */
function inWords(i18n: I18n, text: string): string {
  return text.replace(/\[[^[\]]+\]/g, (key) => wordsForKey(i18n, key)?.words ?? key);
}

/**
 * ABP sent an untranslated key as its whole message ("[Role name is already
 * taken]"): the app's words for it, next to its field when the form has it;
 * a key the app does not know is never shown, the screen's sentence is.
 */
function describeKey(
  i18n: I18n,
  kind: AbpErrorKind,
  message: string | undefined,
  fieldNames: readonly string[],
  fallback: string | undefined,
): ErrorView {
  const action = actionOf(kind);
  const known = wordsForKey(i18n, message);
  const field = known?.field === undefined ? undefined : fieldOf(known.field, fieldNames);
  if (known && field) return { action, message: '', fields: { [field]: [known.words] }, general: [] };
  if (!known) return { action, message: fallback ?? i18n._(ours[kind]), fields: {}, general: [] };
  if (fallback && SCREEN_SPEAKS.includes(kind)) return { action, message: fallback, details: known.words, fields: {}, general: [] };
  return { action, message: known.words, fields: {}, general: [] };
}
