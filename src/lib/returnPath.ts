import { CALLBACK_PATH, LOGIN_PATH } from './paths.ts';

// Kept apart from the path constants: only sign-in needs it, so the first screen does not.

const MAX_DECODE_ROUNDS = 3;

/** Decodes until nothing changes; `undefined` when it is malformed or still changing after the last round. */
function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
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

/**
 * A remembered page as a same-origin path, or `undefined`. Refuses anything
 * that could leave the site or loop back to sign-in, also when encoded:
 * `//host`, `/\host`, `https://…`, `javascript:…`, `/account/login…`.
 */
export function safeReturnPath(value: unknown, origin = location.origin): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const decoded = fullyDecoded(value);
  if (decoded === undefined || !looksLikeLocalPath(value) || !looksLikeLocalPath(decoded)) return undefined;
  let url: URL;
  let decodedUrl: URL;
  try {
    url = new URL(value, origin);
    decodedUrl = new URL(decoded, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || decodedUrl.origin !== origin) return undefined;
  // Dot segments can leave a path that starts with `//` (`/a/..//host` becomes `//host`): as a link, another host.
  if (!looksLikeLocalPath(url.pathname) || !looksLikeLocalPath(decodedUrl.pathname)) return undefined;
  if (isSignInPath(url.pathname) || isSignInPath(decodedUrl.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
