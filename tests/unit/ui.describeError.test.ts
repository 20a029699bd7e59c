import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { unwrapEnvelope } from '../../src/abp/envelope.ts';
import { AbpError } from '../../src/abp/errors.ts';
import { describeError } from '../../src/ui/errors/describeError.ts';

const i18n = setupI18n({ locale: 'nl', messages: { nl: {} } });

/** An AbpError as the client makes it from a real answer. */
async function failureOf(status: number, body: unknown): Promise<unknown> {
  const response = new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  return unwrapEnvelope(response).then(
    () => undefined,
    (error: unknown) => error,
  );
}

function envelope(error: Record<string, unknown> | null, unAuthorizedRequest = false) {
  return { result: null, targetUrl: null, success: false, error, unAuthorizedRequest, __abp: true };
}

describe('describeError', () => {
  it('puts each validation message next to the field its members name, case and prefix aside', async () => {
    const error = await failureOf(
      400,
      envelope({
        code: 0,
        message: 'Je verzoek is niet geldig!',
        details: 'De volgende fouten zijn gevonden tijdens de validatie.',
        validationErrors: [
          { message: 'Naam is verplicht.', members: ['TenancyName'] },
          { message: 'Ongeldig e-mailadres.', members: ['input.emailAddress'] },
          { message: 'Naam en e-mail horen bij elkaar.', members: ['tenancyName', 'emailAddress'] },
          { message: 'Er ging iets mis met de datum.', members: ['date'] },
          { message: 'Algemeen probleem.', members: [] },
        ],
      }),
    );
    const view = describeError(error, i18n, { fieldNames: ['tenancyName', 'emailAddress'] });
    expect(view).toEqual({
      action: 'retry',
      message: 'Je verzoek is niet geldig!',
      details: 'De volgende fouten zijn gevonden tijdens de validatie.',
      fields: {
        tenancyName: ['Naam is verplicht.', 'Naam en e-mail horen bij elkaar.'],
        emailAddress: ['Ongeldig e-mailadres.', 'Naam en e-mail horen bij elkaar.'],
      },
      general: ['Er ging iets mis met de datum.', 'Algemeen probleem.'],
    });
  });

  it('uses its own Dutch words for a validation answer without a message', async () => {
    const view = describeError(await failureOf(400, envelope({ code: 0, message: null, validationErrors: null })), i18n);
    expect(view.message).toMatch(/^Niet alle velden zijn goed ingevuld/);
    expect(view.fields).toEqual({});
  });

  it('asks to sign in again on a 401, keeping the page', async () => {
    const view = describeError(await failureOf(401, envelope({ code: 0, message: 'Current user did not login to the application!' }, true)), i18n);
    expect(view.action).toBe('sign-in');
    expect(view.message).toMatch(/^Je sessie is verlopen/);
  });

  it('says "no permission" on a 403 that ABP flags as unAuthorizedRequest, in the server’s words', async () => {
    const view = describeError(await failureOf(403, envelope({ code: 0, message: 'Je hebt geen toestemming voor Pages.Verkoop.' }, true)), i18n);
    expect(view).toMatchObject({ action: 'forbidden', message: 'Je hebt geen toestemming voor Pages.Verkoop.' });
  });

  it('has its own words for a 403 or a 404 the server did not explain', async () => {
    expect(describeError(await failureOf(403, envelope(null, true)), i18n).message).toMatch(/^Je hebt geen toestemming/);
    expect(describeError(await failureOf(404, ''), i18n).message).toMatch(/^Wat je zoekt bestaat niet/);
  });

  it('shows a user-friendly 500 in the server’s words, or the screen’s sentence first when it has one', async () => {
    const error = await failureOf(500, envelope({ code: 0, message: 'Deze offerte is al verstuurd.', details: 'Verstuurd op 3 maart.' }));
    expect(describeError(error, i18n)).toMatchObject({ action: 'retry', message: 'Deze offerte is al verstuurd.', details: 'Verstuurd op 3 maart.' });
    expect(describeError(error, i18n, { fallback: 'De offerte kon niet worden opgeslagen.' })).toMatchObject({
      message: 'De offerte kon niet worden opgeslagen.',
      details: 'Deze offerte is al verstuurd. Verstuurd op 3 maart.',
    });
  });

  it('never shows a proxy’s HTML or a non-envelope body', async () => {
    const html = describeError(await failureOf(502, '<!doctype html><h1>502 Bad Gateway</h1>'), i18n);
    expect(html.message).toBe('Er ging iets mis op de server. Probeer het over een ogenblik opnieuw.');
    const odd = describeError(await failureOf(200, '{"unexpected":true}'), i18n);
    expect(odd.message).toMatch(/^De server gaf een onverwacht antwoord/);
  });

  it('sends a request without an answer to the connection banner', () => {
    expect(describeError(new AbpError('network', 0, 'GET x: Failed to fetch'), i18n)).toMatchObject({ action: 'connection', message: expect.stringMatching(/^De server is niet bereikbaar/) });
    expect(describeError(new AbpError('timeout', 0, 'GET x: timed out'), i18n).action).toBe('connection');
  });

  it('has a plain message for anything that is not a backend failure', () => {
    expect(describeError(new TypeError('x is undefined'), i18n)).toEqual({ action: 'retry', message: 'Er ging iets mis. Probeer het opnieuw.', fields: {}, general: [] });
  });
});
