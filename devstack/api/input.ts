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

/** A property of an input DTO with its DataAnnotations, as the template declares them. */
export type Field =
  | {
      name: string;
      kind: 'string';
      /** [Required]: null, missing, empty or only white space fails. */
      required?: boolean;
      /** [StringLength(n)]. */
      maxLength?: number;
      /** [EmailAddress]. */
      email?: boolean;
      /** [RegularExpression(pattern)], as .NET writes the pattern in its message. */
      pattern?: string;
    }
  | { name: string; kind: 'boolean' | 'number' | 'strings' | 'date' };

const isJson = (contentType: string | undefined) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType?.trim() ?? '');

/** The .NET type System.Text.Json names when a value does not fit. */
const NET_TYPES = {
  string: 'System.String',
  boolean: 'System.Boolean',
  number: 'System.Int64',
  strings: 'System.String[]',
  date: 'System.DateTime',
} as const;

/** The body of a [FromBody] input with required string fields, checked in the DTO's order. */
export function readInput(contentType: string | undefined, text: string, fields: readonly StringField[]): Input {
  return readDto(
    contentType,
    text,
    fields.map(({ name, maxLength }) => ({ name, kind: 'string', required: true, maxLength })),
  );
}

/**
 * The body of a [FromBody] input DTO as ASP.NET Core binds it and ABP
 * validates it: a value of the wrong JSON type is System.Text.Json's 400 on
 * its path (`$.isActive`); then the DataAnnotations in the DTO's order, each
 * property's [Required] first and alone, then its other attributes.
 */
export function readDto(contentType: string | undefined, text: string, fields: readonly Field[]): Input {
  const parsed = parseBody(contentType, text);
  if (parsed.kind !== 'ok') return parsed;
  const values = parsed.body;
  const member = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
  const mistyped = fields.find((field) => !fits(field, values[member(field.name)]));
  if (mistyped) {
    const path = `$.${member(mistyped.name)}`;
    return {
      kind: 'invalid',
      errors: [
        {
          message: `The JSON value could not be converted to ${NET_TYPES[mistyped.kind]}. Path: ${path} | ${position(text, member(mistyped.name))}.`,
          members: [path],
        },
      ],
    };
  }
  const errors = fields.flatMap((field): AbpValidationError[] =>
    field.kind === 'string' ? stringErrors(field, member(field.name), values[member(field.name)]) : [],
  );
  return errors.length ? { kind: 'invalid', errors } : { kind: 'ok', body: values };
}

function parseBody(contentType: string | undefined, text: string): Input {
  if (!isJson(contentType)) return { kind: 'unsupported' };
  if (text.trim() === '') return { kind: 'invalid', errors: [{ message: 'A non-empty request body is required.', members: [''] }] };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'invalid', errors: [{ message: parserMessage(text), members: ['$'] }] };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      kind: 'invalid',
      errors: [
        {
          message: `The JSON value could not be converted to the input. Path: $ | LineNumber: 0 | BytePositionInLine: ${bytes(text)}.`,
          members: ['$'],
        },
      ],
    };
  }
  return { kind: 'ok', body: body as Record<string, unknown> };
}

function fits(field: Field, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (field.kind === 'string') return typeof value === 'string';
  if (field.kind === 'boolean') return typeof value === 'boolean';
  if (field.kind === 'number') return typeof value === 'number' && Number.isInteger(value);
  if (field.kind === 'date') return typeof value === 'string' && !Number.isNaN(Date.parse(value));
  return Array.isArray(value) && value.every((item) => item === null || typeof item === 'string');
}

/** .NET's EmailAddressAttribute: one `@`, neither first nor last, no line breaks. */
function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  return !/[\r\n]/.test(value) && at > 0 && at !== value.length - 1 && at === value.lastIndexOf('@');
}

function stringErrors(field: Extract<Field, { kind: 'string' }>, member: string, value: unknown): AbpValidationError[] {
  const text = typeof value === 'string' ? value : undefined;
  if (field.required && (text === undefined || text.trim() === ''))
    return [{ message: `The ${field.name} field is required.`, members: [member] }];
  if (text === undefined) return [];
  const messages: string[] = [];
  if (field.maxLength !== undefined && text.length > field.maxLength)
    messages.push(`The field ${field.name} must be a string with a maximum length of ${field.maxLength}.`);
  if (field.email && !isEmailAddress(text)) messages.push(`The ${field.name} field is not a valid e-mail address.`);
  // .NET matches the whole value (an empty one passes: that is [Required]'s job).
  if (field.pattern && text !== '' && !new RegExp(field.pattern).test(text))
    messages.push(`The field ${field.name} must match the regular expression '${field.pattern}'.`);
  return messages.map((message) => ({ message, members: [member] }));
}

/** Where System.Text.Json stops at a member's value: just after its first token, counted in bytes on its line. */
function position(text: string, member: string): string {
  const key = new RegExp(`"${member}"\\s*:\\s*`).exec(text);
  let end = text.length;
  if (key) {
    const start = key.index + key[0].length;
    const token = /^("(?:[^"\\]|\\.)*"|[-\w.+]+|.)/.exec(text.slice(start));
    end = start + (token?.[0].length ?? 0);
  }
  const before = text.slice(0, end);
  const line = before.split('\n').length - 1;
  return `LineNumber: ${line} | BytePositionInLine: ${bytes(before.slice(before.lastIndexOf('\n') + 1))}`;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** System.Text.Json's words for the two ways a body breaks off; another mistake gets its generic one. */
function parserMessage(text: string): string {
  const at = `Path: $ | LineNumber: 0 | BytePositionInLine: ${bytes(text)}.`;
  const trimmed = text.trimEnd();
  if (/[,:[{]$/.test(trimmed)) return `Expected start of a property name or value, but instead reached end of data. ${at}`;
  if (/["\d\]}el]$/.test(trimmed))
    return `Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed. ${at}`;
  return `The input does not contain any JSON tokens. Expected the input to start with a valid JSON token. ${at}`;
}
