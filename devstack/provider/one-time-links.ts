import { createHash, randomBytes } from 'node:crypto';

// Tokens for the links the provider mails: recovery, unlock and
// registration confirmation. Each works once and expires; only a hash of
// the token is kept, as a real provider would store it.

export type LinkPurpose = 'recovery' | 'unlock' | 'registration';

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  recovery: 30 * 60_000,
  unlock: 30 * 60_000,
  registration: 24 * 60 * 60_000,
};

export type LinkLookup<T> = { kind: 'valid'; payload: T } | { kind: 'expired' } | { kind: 'unknown' };

interface Entry {
  purpose: LinkPurpose;
  payload: unknown;
  expiresAt: number;
}

export interface OneTimeLinks {
  issue<T>(purpose: LinkPurpose, payload: T): string;
  /** Looks a token up without using it (the page before the confirming POST). */
  peek<T>(purpose: LinkPurpose, token: string): LinkLookup<T>;
  /** Looks a token up and uses it up. */
  consume<T>(purpose: LinkPurpose, token: string): LinkLookup<T>;
}

export function createOneTimeLinks(clock: () => number = Date.now): OneTimeLinks {
  const entries = new Map<string, Entry>();
  const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

  const lookup = <T>(purpose: LinkPurpose, token: string, use: boolean): LinkLookup<T> => {
    const key = digest(token);
    const entry = entries.get(key);
    if (!entry || entry.purpose !== purpose) return { kind: 'unknown' };
    if (entry.expiresAt <= clock()) {
      entries.delete(key);
      return { kind: 'expired' };
    }
    if (use) entries.delete(key);
    return { kind: 'valid', payload: entry.payload as T };
  };

  return {
    issue(purpose, payload) {
      const now = clock();
      for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
      const token = randomBytes(32).toString('base64url');
      entries.set(digest(token), { purpose, payload, expiresAt: now + LINK_TTL_MS[purpose] });
      return token;
    },
    peek: (purpose, token) => lookup(purpose, token, false),
    consume: (purpose, token) => lookup(purpose, token, true),
  };
}
