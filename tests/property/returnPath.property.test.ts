import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { CALLBACK_PATH } from '../../src/lib/paths.ts';
import { safeReturnPath } from '../../src/lib/returnPath.ts';
import { property, reportPropertyCases } from './support/property.ts';

/**
 * `safeReturnPath` reads `returnUrl` from the address, which anyone can write
 * in a link. Whatever it keeps is later navigated to after sign-in, so for
 * any string it must keep nothing, or a path of this origin that is no
 * sign-in page: as the browser resolves it, and as anything decoding it
 * (once or fully) would resolve it.
 */

const GROUP = 'return path';
const ORIGIN = 'http://localhost:4200';

reportPropertyCases();

/** The sign-in routes as the app's router declares them (src/routes/router.tsx), to ask it what a path opens. */
const signInRouter = (() => {
  const root = createRootRoute();
  const callback = createRoute({ getParentRoute: () => root, path: CALLBACK_PATH });
  const account = createRoute({ getParentRoute: () => root, path: 'account' });
  const login = createRoute({ getParentRoute: () => account, path: 'login' });
  const section = createRoute({ getParentRoute: () => root, path: '$section' });
  return createRouter({ routeTree: root.addChildren([callback, account.addChildren([login]), section]), history: createMemoryHistory() });
})();

function routerOpensSignIn(pathname: string): boolean {
  return signInRouter.matchRoutes(pathname, {}).some((match) => match.routeId === CALLBACK_PATH || match.routeId === '/account/login');
}

/** A sign-in page by its path, ignoring case and trailing slashes: the login page, anything below it, the callback. */
function isSignInPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return path === '/account/login' || path.startsWith('/account/login/') || path.startsWith('/account/logincallback');
}

/** Every form a consumer could see: the value, then each decoding of it until nothing changes. */
function decodings(value: string): string[] {
  const forms = [value];
  for (let round = 0; round < 10; round += 1) {
    const next = decodeURIComponent(forms.at(-1)!);
    if (next === forms.at(-1)) return forms;
    forms.push(next);
  }
  throw new Error(`still decoding after 10 rounds: ${JSON.stringify(value)}`);
}

function expectSafe(result: string): void {
  expect(result.startsWith('/')).toBe(true);
  for (const form of decodings(result)) {
    const url = new URL(form, ORIGIN);
    expect(url.origin).toBe(ORIGIN);
    // The resolved path taken as a link on its own must stay here too: a path of `//host` would not.
    expect(new URL(`${url.pathname}${url.search}${url.hash}`, ORIGIN).origin).toBe(ORIGIN);
    expect(isSignInPath(url.pathname)).toBe(false);
    expect(routerOpensSignIn(url.pathname)).toBe(false);
  }
}

function checkAny(value: string): void {
  const result = safeReturnPath(value, ORIGIN);
  if (result === undefined) return;
  expectSafe(result);
  // Checking a kept path again keeps it as it is: the transaction stores what the callback navigates to.
  expect(safeReturnPath(result, ORIGIN)).toBe(result);
}

/** Every byte of the UTF-8 form as %XX, letters included, in either case. */
function percentAll(value: string, upper: boolean): string {
  const hex = [...new TextEncoder().encode(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return upper ? hex.toUpperCase() : hex;
}

/** encodeURIComponent, which throws on a lone surrogate; that is encoded as the replacement character, as TextEncoder does. */
function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return percentAll(value, true);
  }
}

/** `rounds` encodings of one piece: the first percent-encodes it, each next one encodes the previous (as a nested `returnUrl` would). */
function encoded(piece: string, rounds: number, style: 'component' | 'every-byte-upper' | 'every-byte-lower' | 'percent-only'): string {
  let current = piece;
  for (let round = 0; round < rounds; round += 1) {
    if (style === 'component') current = encodeComponent(current);
    else if (style === 'percent-only') current = round === 0 ? percentAll(current, true) : current.replace(/%/g, '%25');
    else current = percentAll(current, style === 'every-byte-upper');
  }
  return current;
}

const tricky = fc.constantFrom(
  '/',
  '//',
  '///',
  '\\',
  '/\\',
  '\\/',
  '\\\\',
  '.',
  '..',
  '/.',
  '/..',
  '/./',
  '/../',
  '%2e',
  '%2E%2e',
  '%2e%2e/',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%25',
  '%252f',
  '%25252F',
  '%2525252F',
  'account',
  'ACCOUNT',
  'Account',
  'login',
  'LOGIN',
  'LogIn',
  'logincallback',
  'LoginCallback',
  '/account/login',
  '/account/login/',
  '/account/logincallback',
  '/ACCOUNT/LOGIN',
  '/account%2Flogin',
  '/%61ccount/%6Cogin',
  '/account//login',
  'evil.example',
  'localhost:4200',
  'localhost',
  '127.0.0.1',
  '[::1]',
  '@',
  ':',
  '?',
  '#',
  '&',
  '=',
  ';',
  ' ',
  '\t',
  '\n',
  '\r',
  '\0',
  '\x7f',
  '\x1b',
  '%00',
  '%0a',
  '%0D',
  '%09',
  '%20',
  '%7f',
  'http:',
  'https:',
  'HTTP:',
  'hTtPs:',
  'javascript:',
  'JaVaScRiPt:',
  'java\tscript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'returnUrl=',
  '?returnUrl=',
  'verkoop',
  'crm',
  'app/home',
  '\u3002',
  '\uff0f',
  '\uff3c',
  '\u2215',
  '\u2044',
  '\u00a0',
  '\ufeff',
  '\u200b',
  '\u202e',
  'é',
  'ß',
  'İ',
  '😀',
  '\ud800',
  '%C0%AF',
  '%c0%ae',
  '%E0%A4%A',
  '%',
  '%%',
  '%u002f',
  '%2',
);

const piece = fc.oneof(
  { weight: 5, arbitrary: tricky },
  { weight: 1, arbitrary: fc.string({ maxLength: 4, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4, unit: 'grapheme-ascii' }) },
);

const start = fc.constantFrom(
  '',
  '',
  '/',
  '/',
  '//',
  '/\\',
  '\\\\',
  '%2F',
  `${ORIGIN}`,
  'https://evil.example',
  '/account/login',
  '/account/logincallback',
);

/** Strings put together from pieces that mean something to a URL parser. */
const assembled = fc.tuple(start, fc.array(piece, { maxLength: 10 })).map(([head, parts]) => head + parts.join(''));

const style = fc.constantFrom('component', 'every-byte-upper', 'every-byte-lower', 'percent-only') as fc.Arbitrary<
  'component' | 'every-byte-upper' | 'every-byte-lower' | 'percent-only'
>;

/** The same, with each piece encoded 0 to 4 times on its own: mixed and nested encodings. */
const partlyEncoded = fc
  .tuple(start, fc.array(fc.tuple(piece, fc.nat({ max: 4 }), style), { maxLength: 8 }))
  .map(([head, parts]) => head + parts.map(([part, rounds, how]) => encoded(part, rounds, how)).join(''));

/** The whole value encoded up to four times after a leading slash, as `returnUrl=/%252F%252Fhost` would arrive. */
const wholeEncoded = fc
  .tuple(assembled, fc.nat({ max: 4 }), style, fc.boolean())
  .map(([value, rounds, how, slash]) => (slash ? '/' : '') + encoded(value, rounds, how));

/** Sign-in pages with any suffix and any encoding of any part. */
const signInPages = fc
  .tuple(
    fc.constantFrom('/account/login', '/account/logincallback', '/ACCOUNT/Login', '/account/LOGINCALLBACK'),
    fc.array(fc.tuple(piece, fc.nat({ max: 3 }), style), { maxLength: 4 }),
    fc.nat({ max: 3 }),
    style,
  )
  .map(([page, suffix, rounds, how]) => {
    const [, first, second] = page.split('/');
    const encodedPage = `/${first}/${rounds === 0 ? second! : encoded(second!, rounds, how)}`;
    return encodedPage + suffix.map(([part, times, suffixStyle]) => encoded(part, times, suffixStyle)).join('');
  });

const segment = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/);

describe('safeReturnPath, for any string', () => {
  property(GROUP, 'keeps nothing or a same-origin path that is no sign-in page (pieces a URL parser reads)', [assembled], checkAny, {
    numRuns: 3000,
  });

  property(GROUP, 'the same with pieces encoded up to four times, mixed case and styles', [partlyEncoded], checkAny, { numRuns: 3000 });

  property(GROUP, 'the same with the whole value encoded up to four times', [wholeEncoded], checkAny, { numRuns: 1500 });

  property(
    GROUP,
    'never keeps a login or callback page, whatever follows it and however it is encoded',
    [signInPages],
    (value) => {
      const result = safeReturnPath(value, ORIGIN);
      if (result !== undefined) expectSafe(result);
    },
    { numRuns: 1500 },
  );

  property(GROUP, 'the same for arbitrary unicode and raw bytes', [fc.string({ maxLength: 40, unit: 'binary' })], checkAny, {
    numRuns: 1000,
  });

  property(
    GROUP,
    'the same for addresses and paths of any origin',
    [fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.webPath())],
    checkAny,
    {
      numRuns: 500,
    },
  );

  property(
    GROUP,
    'refuses what is not a string',
    [fc.anything().filter((value) => typeof value !== 'string')],
    (value) => {
      expect(safeReturnPath(value, ORIGIN)).toBeUndefined();
    },
    { numRuns: 500 },
  );

  property(
    GROUP,
    'keeps an ordinary page of the app as it is',
    [fc.array(segment, { minLength: 1, maxLength: 5 }).filter((segments) => segments[0] !== 'account'), fc.option(segment)],
    (segments, query) => {
      const path = `/${segments.join('/')}${query === null ? '' : `?q=${query}`}`;
      expect(safeReturnPath(path, ORIGIN)).toBe(path);
    },
    { numRuns: 500 },
  );
});
