/** Where a person lands when nothing else was asked for. */
export const HOME_PATH = '/app/home';
export const LOGIN_PATH = '/account/login';

const MAX_DECODE_ROUNDS = 3;

/**
 * A remembered page as a same-origin path, or `undefined`. Refuses anything
 * that could leave the site or loop back to sign-in, also when encoded:
 * `//host`, `/\host`, `https://…`, `javascript:…`, `/account/login…`.
 */
export function safeReturnPath(value: unknown, origin = location.origin): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  let decoded = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.startsWith('/\\')) return undefined;
    if ([...decoded].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return undefined;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) break;
    decoded = next;
  }
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const path = url.pathname.toLowerCase();
  if (path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`) || path.startsWith('/account/logincallback')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
