import { setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { unwrapEnvelope } from '../../src/abp/envelope.ts';
import { AbpError } from '../../src/abp/errors.ts';
import { describeError } from '../../src/errors/describeError.ts';

const i18n = setupI18n({ locale: 'nl', messages: { nl: {} } });

/** An AbpError as the client makes it from a real answer. */
async function failureOf(status: number, body: unknown): Promise<unknown> {
  const response = new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
  return unwrapEnvelope(response).then(
    () => undefined,
    (error: unknown) => error,
  );
}

function envelope(error: Record<string, unknown> | null, unAuthorizedRequest = false) {
  return { result: null, targetUrl: null, success: false, error, unAuthorizedRequest, __abp: true };
}

describe('describeError', () => {
  it('puts each validation message next to the field its members name, case and prefix aside; ABP’s own messages as they came', async () => {
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
      message: 'Niet alle velden zijn goed ingevuld. Verbeter wat bij de velden staat en probeer het opnieuw.',
      fields: {
        tenancyName: ['Naam is verplicht.', 'Naam en e-mail horen bij elkaar.'],
        emailAddress: ['Ongeldig e-mailadres.', 'Naam en e-mail horen bij elkaar.'],
      },
      general: ['Er ging iets mis met de datum.', 'Algemeen probleem.'],
    });
  });

  // The answers below are the recorded host's (../shared/abp-recorded/), verbatim.
  it('says a required field in its own words, never "The Name field is required.", and the summary does not repeat them (role create-invalid)', async () => {
    const error = await failureOf(
      400,
      envelope({
        code: 0,
        message: 'Uw aanvraag is niet geldig!',
        details:
          'De volgende fouten zijn gedetecteerd tijdens de validatie.\n - The Name field is required.\n - The DisplayName field is required.\n',
        validationErrors: [
          { message: 'The Name field is required.', members: ['name'] },
          { message: 'The DisplayName field is required.', members: ['displayName'] },
        ],
      }),
    );
    expect(describeError(error, i18n, { fieldNames: ['name', 'displayName', 'description'] })).toEqual({
      action: 'retry',
      message: 'Niet alle velden zijn goed ingevuld. Verbeter wat bij de velden staat en probeer het opnieuw.',
      fields: { name: ['Vul dit veld in.'], displayName: ['Vul dit veld in.'] },
      general: [],
    });
  });

  it('says the tenancy name’s pattern in words, never the regular expression (tenant create-invalid-host)', async () => {
    const error = await failureOf(
      400,
      envelope({
        code: 0,
        message: 'Uw aanvraag is niet geldig!',
        details:
          "De volgende fouten zijn gedetecteerd tijdens de validatie.\n - The field TenancyName must match the regular expression '^[a-zA-Z][a-zA-Z0-9_-]{1,}$'.\n - The AdminEmailAddress field is required.\n",
        validationErrors: [
          { message: "The field TenancyName must match the regular expression '^[a-zA-Z][a-zA-Z0-9_-]{1,}$'.", members: ['tenancyName'] },
          { message: 'The AdminEmailAddress field is required.', members: ['adminEmailAddress'] },
        ],
      }),
    );
    const view = describeError(error, i18n, { fieldNames: ['name', 'tenancyName', 'adminEmailAddress'] });
    expect(view.fields).toEqual({
      tenancyName: ['Begin met een letter en gebruik daarna alleen letters, cijfers, - of _ (minstens 2 tekens, geen spaties).'],
      adminEmailAddress: ['Vul dit veld in.'],
    });
    expect(JSON.stringify(view)).not.toMatch(/\^|regular expression|The field/);
  });

  it('says an e-mail address and a length in words; a field the form lacks is named in the summary (user create-missing-and-invalid, account name-65-chars)', async () => {
    const error = await failureOf(
      400,
      envelope({
        code: 0,
        message: 'Uw aanvraag is niet geldig!',
        details:
          'De volgende fouten zijn gedetecteerd tijdens de validatie.\n - The Surname field is required.\n - The EmailAddress field is not a valid e-mail address.\n',
        validationErrors: [
          { message: 'The Surname field is required.', members: ['surname'] },
          { message: 'The EmailAddress field is not a valid e-mail address.', members: ['emailAddress'] },
          { message: 'The field TenancyName must be a string with a maximum length of 64.', members: ['tenancyName'] },
        ],
      }),
    );
    const view = describeError(error, i18n, { fieldNames: ['emailAddress', 'tenancyName'] });
    expect(view.fields).toEqual({
      emailAddress: ['Vul een geldig e-mailadres in, zoals naam@bedrijf.nl.'],
      tenancyName: ['Gebruik hoogstens 64 tekens.'],
    });
    expect(view.general).toEqual(['Achternaam: Vul dit veld in.']);
  });

  it('speaks English on an English page', async () => {
    const en = setupI18n({ locale: 'en', messages: { en: {} } });
    const error = await failureOf(
      400,
      envelope({
        code: 0,
        message: 'Your request is not valid!',
        validationErrors: [{ message: 'The TenancyName field is required.', members: ['tenancyName'] }],
      }),
    );
    // The test catalogs are empty, so the source words show; that they go through the catalog is what counts.
    expect(describeError(error, en, { fieldNames: ['tenancyName'] }).fields.tenancyName).toEqual([en._(msg`Vul dit veld in.`)]);
  });

  it('never shows model binding’s technical text (errors malformed-json-istenantavailable, no-body)', async () => {
    const error = await failureOf(
      400,
      envelope({
        code: 0,
        message: 'Uw aanvraag is niet geldig!',
        validationErrors: [
          {
            message:
              'Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed. Path: $ | LineNumber: 0 | BytePositionInLine: 25.',
            members: ['$'],
          },
          { message: 'A non-empty request body is required.', members: [''] },
        ],
      }),
    );
    expect(describeError(error, i18n).general).toEqual([
      'De server kon het verzoek niet lezen. Probeer het opnieuw; blijft het gebeuren, neem dan contact op met de beheerder.',
    ]);
  });

  it('puts ABP’s untranslated "[Role name is already taken]" in words next to the name (role create-duplicate)', async () => {
    const error = await failureOf(
      500,
      envelope({ code: 0, message: '[Role name is already taken]', details: null, validationErrors: null }),
    );
    expect(describeError(error, i18n, { fieldNames: ['name', 'displayName'], fallback: 'De rol kon niet worden opgeslagen.' })).toEqual({
      action: 'retry',
      message: '',
      fields: { name: ['Er is al een rol met deze naam. Kies een andere naam.'] },
      general: [],
    });
  });

  it('says a known key without a field after the screen’s sentence, and never shows an unknown one (handover west-admin-delete-self)', async () => {
    const admin = await failureOf(
      500,
      envelope({ code: 0, message: '[Can not delete admin user]', details: null, validationErrors: null }),
    );
    expect(describeError(admin, i18n, { fallback: 'admin kon niet worden verwijderd.' })).toMatchObject({
      message: 'admin kon niet worden verwijderd.',
      details: 'Het account admin hoort bij het systeem en kan niet worden verwijderd. Deactiveren kan wel.',
    });
    const unknown = await failureOf(500, envelope({ code: 0, message: '[Some new key]', details: null }));
    const view = describeError(unknown, i18n, { fallback: 'Het lukte niet.' });
    expect(view).toEqual({ action: 'retry', message: 'Het lukte niet.', fields: {}, general: [] });
  });

  it('names "[Users activation]" in words inside ABP’s 403 sentence', async () => {
    const error = await failureOf(
      403,
      envelope(
        {
          code: 0,
          message:
            'Verplichte rechten zijn niet toegekend. Minimaal één van de volgende rechten dient toegekend te zijn: [Users activation]',
        },
        true,
      ),
    );
    expect(describeError(error, i18n).message).toBe(
      'Verplichte rechten zijn niet toegekend. Minimaal één van de volgende rechten dient toegekend te zijn: Accounts activeren en deactiveren',
    );
  });

  it('asks to sign in again on a 401, keeping the page', async () => {
    const view = describeError(
      await failureOf(401, envelope({ code: 0, message: 'Current user did not login to the application!' }, true)),
      i18n,
    );
    expect(view.action).toBe('sign-in');
    expect(view.message).toMatch(/^Je sessie is verlopen/);
  });

  it('says "no permission" on a 403 that ABP flags as unAuthorizedRequest, in the server’s words', async () => {
    const view = describeError(
      await failureOf(403, envelope({ code: 0, message: 'Je hebt geen toestemming voor Pages.Verkoop.' }, true)),
      i18n,
    );
    expect(view).toMatchObject({ action: 'forbidden', message: 'Je hebt geen toestemming voor Pages.Verkoop.' });
  });

  it('has its own words for a 403 or a 404 the server did not explain', async () => {
    expect(describeError(await failureOf(403, envelope(null, true)), i18n).message).toMatch(/^Je hebt geen toestemming/);
    expect(describeError(await failureOf(404, ''), i18n).message).toMatch(/^Wat je zoekt bestaat niet/);
  });

  it('shows a user-friendly 500 in the server’s words, or the screen’s sentence first when it has one', async () => {
    const error = await failureOf(500, envelope({ code: 0, message: 'Deze offerte is al verstuurd.', details: 'Verstuurd op 3 maart.' }));
    expect(describeError(error, i18n)).toMatchObject({
      action: 'retry',
      message: 'Deze offerte is al verstuurd.',
      details: 'Verstuurd op 3 maart.',
    });
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
    expect(describeError(new AbpError('network', 0, 'GET x: Failed to fetch'), i18n)).toMatchObject({
      action: 'connection',
      message: expect.stringMatching(/^De server is niet bereikbaar/),
    });
    expect(describeError(new AbpError('timeout', 0, 'GET x: timed out'), i18n).action).toBe('connection');
  });

  it('has a plain message for anything that is not a backend failure', () => {
    expect(describeError(new TypeError('x is undefined'), i18n)).toEqual({
      action: 'retry',
      message: 'Er ging iets mis. Probeer het opnieuw.',
      fields: {},
      general: [],
    });
  });
});
