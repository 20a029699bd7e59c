import { CALLBACK_PATH, LOGIN_PATH } from './paths.ts';

// Kept apart from the path constants: only sign-in needs it, so the first screen does not.

const MAX_DECODE_ROUNDS = 3;

/**
 * The value and each decoding of it until nothing changes; `undefined` when
 * one is malformed or it is still changing after the last round.
 */
function decodings(value: string): string[] | undefined {
  const forms = [value];
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    const current = forms[forms.length - 1]!;
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return forms;
    forms.push(next);
  }
  return undefined;
}

function looksLikeLocalPath(value: string): boolean {
  const hasControl = [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !hasControl;
}

function isSignInPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`) || path.startsWith(CALLBACK_PATH);
}

/** The same-origin path one form of the value opens, or `undefined` when it leaves the site or is a sign-in page. */
function localPath(form: string, origin: string): string | undefined {
  if (!looksLikeLocalPath(form)) return undefined;
  let url: URL;
  try {
    url = new URL(form, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  // Dot segments can leave a path that starts with `//` (`/a/..//host` becomes `//host`): as a link, another host.
  if (!looksLikeLocalPath(url.pathname) || isSignInPath(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A remembered page as a same-origin path, or `undefined`. Refuses anything
 * that could leave the site or loop back to sign-in, as it is and after each
 * round of decoding (whoever decodes it once more must not find such a path
 * either): `//host`, `/\host`, `https://…`, `javascript:…`, `/account/login…`.
 */
export function safeReturnPath(value: unknown, origin = location.origin): string | undefined {
  const kept = keptPath(value, origin);
  // What is kept is checked again as it is kept: resolving dot segments can
  // bring encoded pieces together (`/a/../%2F%2E%2e`, whose decoding `//..`
  // is another host) that no form of the value showed.
  return kept !== undefined && keptPath(kept, origin) === kept ? kept : undefined;
}

function keptPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const forms = decodings(value);
  if (forms === undefined) return undefined;
  const paths = forms.map((form) => localPath(form, origin));
  return paths.every((path) => path !== undefined) ? paths[0] : undefined;
}
