import type { AbpValidationError } from './envelope.ts';

// Reading a JSON body the way ASP.NET Core's model binding and ABP's
// validation do, with the texts they send: 415 for a body that is not
// JSON by its Content-Type, System.Text.Json's messages for JSON that does
// not parse, DataAnnotations' English messages for missing or too long fields.

export type Input =
  | { kind: 'ok'; body: Record<string, unknown> }
  /** 415 with an empty body: the action reads [FromBody] JSON only. */
  | { kind: 'unsupported' }
  /** 400 in ABP's validation envelope. */
  | { kind: 'invalid'; errors: AbpValidationError[] };

export interface StringField {
  /** The property as the DTO names it (`TenancyName`); the member is its camel-case name. */
  name: string;
  maxLength?: number;
}

const isJson = (contentType: string | undefined) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType?.trim() ?? '');

/** The body of a [FromBody] input with string fields, checked in the DTO's order. */
export function readInput(contentType: string | undefined, text: string, fields: readonly StringField[]): Input {
  if (!isJson(contentType)) return { kind: 'unsupported' };
  if (text.trim() === '') return { kind: 'invalid', errors: [{ message: 'A non-empty request body is required.', members: [''] }] };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'invalid', errors: [{ message: parserMessage(text), members: ['$'] }] };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { kind: 'invalid', errors: [{ message: `The JSON value could not be converted to the input. Path: $ | LineNumber: 0 | BytePositionInLine: ${bytes(text)}.`, members: ['$'] }] };
  }
  const values = body as Record<string, unknown>;
  const errors = fields.flatMap(({ name, maxLength }): AbpValidationError[] => {
    const member = name.charAt(0).toLowerCase() + name.slice(1);
    const value = values[member];
    if (typeof value !== 'string' || value.trim() === '') return [{ message: `The ${name} field is required.`, members: [member] }];
    if (maxLength !== undefined && value.length > maxLength) {
      return [{ message: `The field ${name} must be a string with a maximum length of ${maxLength}.`, members: [member] }];
    }
    return [];
  });
  return errors.length ? { kind: 'invalid', errors } : { kind: 'ok', body: values };
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** System.Text.Json's words for the two ways a body breaks off; another mistake gets its generic one. */
function parserMessage(text: string): string {
  const at = `Path: $ | LineNumber: 0 | BytePositionInLine: ${bytes(text)}.`;
  const trimmed = text.trimEnd();
  if (/[,:[{]$/.test(trimmed)) return `Expected start of a property name or value, but instead reached end of data. ${at}`;
  if (/["\d\]}el]$/.test(trimmed)) return `Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed. ${at}`;
  return `The input does not contain any JSON tokens. Expected the input to start with a valid JSON token. ${at}`;
}
