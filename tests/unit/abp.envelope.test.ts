import { describe, expect, it } from 'vitest';
import { unwrapEnvelope } from '../../src/abp/envelope.ts';
import { AbpError, kindOfStatus } from '../../src/abp/errors.ts';
import { readServerError } from '../../src/abp/serverError.ts';

function envelope(fields: Record<string, unknown>): string {
  return JSON.stringify({ result: null, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true, ...fields });
}

function failure(message: string, code = 0): Record<string, unknown> {
  return { success: false, error: { code, message, details: null, validationErrors: null } };
}

function json(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

function html(status: number): Response {
  return new Response('<!doctype html><title>Bad Gateway</title><h1>502</h1>', { status, headers: { 'Content-Type': 'text/html' } });
}

async function failureOf(response: Response): Promise<AbpError> {
  const error: unknown = await unwrapEnvelope(response).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AbpError)) throw new Error(`expected an AbpError, got ${String(error)}`);
  return error;
}

describe('unwrapEnvelope', () => {
  it('returns the result of a successful envelope', async () => {
    await expect(unwrapEnvelope(json(envelope({ result: { id: 1, name: 'Jan' } })))).resolves.toEqual({ id: 1, name: 'Jan' });
  });

  it('returns a null result as null', async () => {
    await expect(unwrapEnvelope(json(envelope({ result: null })))).resolves.toBeNull();
  });

  it('turns a 401 envelope into unauthorized with the server message', async () => {
    const error = await failureOf(json(envelope({ ...failure('Je bent niet aangemeld'), unAuthorizedRequest: true }), 401));
    expect(error).toMatchObject({ name: 'AbpError', kind: 'unauthorized', status: 401, serverMessage: 'Je bent niet aangemeld' });
  });

  it('turns unAuthorizedRequest on a 200 into unauthorized', async () => {
    const error = await failureOf(json(envelope({ ...failure('Sessie verlopen'), unAuthorizedRequest: true })));
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Sessie verlopen');
  });

  it('turns a 403 envelope into forbidden', async () => {
    const error = await failureOf(json(envelope(failure('Geen rechten')), 403));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, serverMessage: 'Geen rechten' });
  });

  it('turns a 404 envelope into not-found', async () => {
    const error = await failureOf(json(envelope(failure('Niet gevonden')), 404));
    expect(error).toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('turns a 500 envelope into server with the server message', async () => {
    const error = await failureOf(json(envelope(failure('An internal error occurred during your request!')), 500));
    expect(error).toMatchObject({ kind: 'server', status: 500, serverMessage: 'An internal error occurred during your request!' });
  });

  it('turns a 400 envelope into validation with the server message and its validation errors', async () => {
    const body = envelope({
      success: false,
      error: {
        code: 0,
        message: 'Je verzoek is niet geldig!',
        details: 'De volgende fouten zijn gevonden:',
        validationErrors: [
          { message: 'Het veld Naam is verplicht.', members: ['tenancyName'] },
          { message: 'Te lang.', members: ['name', 'surname'] },
        ],
      },
    });
    const error = await failureOf(json(body, 400));
    expect(error).toMatchObject({ kind: 'validation', status: 400, serverMessage: 'Je verzoek is niet geldig!' });
    expect(readServerError(error.serverError)).toEqual({
      message: 'Je verzoek is niet geldig!',
      details: 'De volgende fouten zijn gevonden:',
      validationErrors: [
        { message: 'Het veld Naam is verplicht.', members: ['tenancyName'] },
        { message: 'Te lang.', members: ['name', 'surname'] },
      ],
    });
  });

  it('keeps only validation errors of the documented shape', async () => {
    const body = envelope({
      success: false,
      error: {
        code: 0,
        message: 7,
        details: '',
        validationErrors: [null, 'x', { message: '' }, { message: 'Ongeldig.', members: [1, 'email'] }, { message: 'Zonder veld.' }],
      },
    });
    const error = await failureOf(json(body, 400));
    expect(readServerError(error.serverError)).toEqual({
      message: undefined,
      details: undefined,
      validationErrors: [
        { message: 'Ongeldig.', members: ['email'] },
        { message: 'Zonder veld.', members: [] },
      ],
    });
  });

  it('reads a 403 that ABP flags as unAuthorizedRequest as forbidden, not as signed out', async () => {
    const error = await failureOf(json(envelope({ ...failure('Je hebt geen toestemming.'), unAuthorizedRequest: true }), 403));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, serverMessage: 'Je hebt geen toestemming.' });
  });

  it('turns an HTML error page with 502 into server', async () => {
    const error = await failureOf(html(502));
    expect(error).toMatchObject({ kind: 'server', status: 502, serverMessage: undefined });
  });

  it('turns an HTML page with 200 into malformed', async () => {
    const error = await failureOf(html(200));
    expect(error).toMatchObject({ kind: 'malformed', status: 200 });
  });

  it('turns 200 JSON that is not an envelope into malformed', async () => {
    expect((await failureOf(json('{"id":1}'))).kind).toBe('malformed');
    expect((await failureOf(json('[1,2]'))).kind).toBe('malformed');
    expect((await failureOf(json('null'))).kind).toBe('malformed');
    expect((await failureOf(json('{"success":"true","result":1}'))).kind).toBe('malformed');
  });

  it('turns an empty 200 body into malformed', async () => {
    expect((await failureOf(json(''))).kind).toBe('malformed');
  });

  it('turns success: false on a 200 into rejected with the server message', async () => {
    const error = await failureOf(json(envelope(failure('Tenant bestaat niet', 12))));
    expect(error).toMatchObject({ kind: 'rejected', status: 200, serverMessage: 'Tenant bestaat niet' });
  });

  it('leaves serverMessage undefined when the envelope carries no error', async () => {
    const error = await failureOf(json(envelope({ success: false })));
    expect(error.kind).toBe('rejected');
    expect(error.serverMessage).toBeUndefined();
  });
});

describe('AbpError', () => {
  it('is an Error whose message names kind and status', () => {
    const error = new AbpError('forbidden', 403, 'GET x: denied', 'Geen rechten');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('forbidden (403): GET x: denied');
    expect(error.detail).toBe('GET x: denied');
  });
});

describe('kindOfStatus', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [500, 'server'],
    [503, 'server'],
    [400, 'validation'],
    [409, 'http'],
  ])('maps %i to %s', (status, kind) => {
    expect(kindOfStatus(status)).toBe(kind);
  });
});
