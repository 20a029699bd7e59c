import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The production web server's rules, read from deploy/nginx.conf itself, so
// the local app server cannot drift from what is deployed: the Cache-Control
// map and the types nginx compresses on the fly. The file stays the one
// source; this reads the few directives the app server needs and nothing else.

export const NGINX_CONF = resolve(import.meta.dirname, '../../deploy/nginx.conf');

export interface NginxRules {
  /** The Cache-Control value nginx's map gives a URI (nginx's `$uri`: decoded path, no query). */
  cacheControl(uri: string): string;
  /** `gzip_types`, plus text/html, which nginx always compresses. */
  gzipTypes: ReadonlySet<string>;
  /** `gzip_comp_level`, for files that have no precompressed copy. */
  gzipLevel: number;
}

type Token = { kind: 'word'; value: string } | { kind: 'punct'; value: ';' | '{' | '}' };

/** What nginx makes of a word's backslashes: \" \' \\ \t \r \n are escapes, any other stays as written (regexes rely on it). */
function unescape(raw: string): string {
  return raw.replace(/\\(["'\\trn])/g, (_, char: string) => ({ t: '\t', r: '\r', n: '\n' })[char] ?? char);
}

/** nginx's configuration syntax: words (bare or quoted), `;`, `{`, `}`, and `#` comments. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '#') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (char === ';' || char === '{' || char === '}') {
      tokens.push({ kind: 'punct', value: char });
      i += 1;
    } else {
      const quote = char === '"' || char === "'" ? char : undefined;
      const start = quote ? i + 1 : i;
      i = start;
      while (i < text.length && (quote ? text[i] !== quote : !/[\s;{}]/.test(text[i]!))) {
        // `${NAME}` is one variable (here: the template's placeholders), not a block.
        if (!quote && text.startsWith('${', i)) i = text.indexOf('}', i) === -1 ? text.length : text.indexOf('}', i) + 1;
        else i += text[i] === '\\' ? 2 : 1;
      }
      if (quote && i >= text.length) throw new Error('nginx configuration: unterminated quoted string');
      tokens.push({ kind: 'word', value: unescape(text.slice(start, i)) });
      if (quote) i += 1;
    }
  }
  return tokens;
}

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

function parseBlock(tokens: Token[], start: number, nested: boolean): { directives: Directive[]; next: number } {
  const directives: Directive[] = [];
  let i = start;
  let words: string[] = [];
  while (i < tokens.length) {
    const token = tokens[i]!;
    i += 1;
    if (token.kind === 'word') {
      words.push(token.value);
    } else if (token.value === ';') {
      if (words.length > 0) directives.push({ name: words[0]!, args: words.slice(1) });
      words = [];
    } else if (token.value === '{') {
      const inner = parseBlock(tokens, i, true);
      directives.push({ name: words[0] ?? '', args: words.slice(1), block: inner.directives });
      words = [];
      i = inner.next;
    } else {
      if (!nested) throw new Error('nginx configuration: unexpected "}"');
      return { directives, next: i };
    }
  }
  if (nested) throw new Error('nginx configuration: missing "}"');
  return { directives, next: i };
}

function walk(directives: Directive[]): Directive[] {
  return directives.flatMap((directive) => [directive, ...(directive.block ? walk(directive.block) : [])]);
}

/**
 * A `map` as nginx evaluates it: an exact key first, then the regular
 * expressions (`~` case-sensitive, `~*` not) in the order written, then `default`.
 */
function mapLookup(entries: Directive[], variable: string): (value: string) => string {
  const exact = new Map<string, string>();
  const patterns: { pattern: RegExp; result: string }[] = [];
  let fallback = '';
  for (const entry of entries) {
    const [result, ...rest] = entry.args;
    if (result === undefined || rest.length > 0)
      throw new Error(`nginx configuration: map ${variable}: "${entry.name}" needs exactly one value`);
    if (entry.name === 'default') fallback = result;
    else if (entry.name.startsWith('~*')) patterns.push({ pattern: new RegExp(entry.name.slice(2), 'i'), result });
    else if (entry.name.startsWith('~')) patterns.push({ pattern: new RegExp(entry.name.slice(1)), result });
    else exact.set(entry.name.replace(/^\\/, ''), result);
  }
  return (value) => exact.get(value) ?? patterns.find(({ pattern }) => pattern.test(value))?.result ?? fallback;
}

export function parseNginxRules(text: string): NginxRules {
  const all = walk(parseBlock(tokenize(text), 0, false).directives);
  const header = all.find((directive) => directive.name === 'add_header' && directive.args[0]?.toLowerCase() === 'cache-control');
  const variable = header?.args[1];
  if (!variable?.startsWith('$')) throw new Error('nginx configuration: no "add_header Cache-Control $variable" line');
  const map = all.find((directive) => directive.name === 'map' && directive.args[1] === variable && directive.block);
  if (!map || map.args[0] !== '$uri') throw new Error(`nginx configuration: no "map $uri ${variable} { ... }" block`);
  const cacheControl = mapLookup(map.block!, variable);

  const types = all.find((directive) => directive.name === 'gzip_types')?.args ?? [];
  const level = Number(all.find((directive) => directive.name === 'gzip_comp_level')?.args[0] ?? 1);
  if (!Number.isInteger(level) || level < 1 || level > 9)
    throw new Error(`nginx configuration: gzip_comp_level must be 1 to 9, got ${level}`);
  return { cacheControl, gzipTypes: new Set(['text/html', ...types]), gzipLevel: level };
}

let cached: NginxRules | undefined;

/** The rules of deploy/nginx.conf, read once. */
export function nginxRules(): NginxRules {
  cached ??= parseNginxRules(readFileSync(NGINX_CONF, 'utf8'));
  return cached;
}
