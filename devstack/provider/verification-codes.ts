import { randomInt, timingSafeEqual } from 'node:crypto';

// Six-digit codes that prove a new e-mail address or phone number belongs
// to the user, as Okta's my-account challenges do: valid for five minutes,
// and a handful of wrong guesses spends the challenge.

export const CODE_TTL_MS = 5 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

export type CodeCheck = 'verified' | 'wrong_code' | 'expired_code' | 'too_many_attempts' | 'unknown';

interface Challenge {
  owner: string;
  code: string;
  expiresAt: number;
  attempts: number;
}

export interface VerificationCodes {
  /** Starts a challenge under `key` (replacing an earlier one) for `owner`; returns the code and its expiry. */
  issue(key: string, owner: string): { code: string; expiresAt: number };
  /** Whether a challenge is open under `key` for `owner` (expired ones count, so they can be reported as such). */
  has(key: string, owner: string): boolean;
  check(key: string, owner: string, code: string): CodeCheck;
}

export function createVerificationCodes(clock: () => number = Date.now): VerificationCodes {
  const challenges = new Map<string, Challenge>();

  return {
    issue(key, owner) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = clock() + CODE_TTL_MS;
      challenges.set(key, { owner, code, expiresAt, attempts: 0 });
      return { code, expiresAt };
    },
    has: (key, owner) => challenges.get(key)?.owner === owner,
    check(key, owner, code) {
      const challenge = challenges.get(key);
      if (!challenge || challenge.owner !== owner) return 'unknown';
      if (challenge.expiresAt <= clock()) return 'expired_code';
      if (challenge.attempts >= MAX_CODE_ATTEMPTS) return 'too_many_attempts';
      const given = code.trim();
      if (/^\d{6}$/.test(given) && timingSafeEqual(Buffer.from(given), Buffer.from(challenge.code))) {
        challenges.delete(key);
        return 'verified';
      }
      challenge.attempts += 1;
      return challenge.attempts >= MAX_CODE_ATTEMPTS ? 'too_many_attempts' : 'wrong_code';
    },
  };
}
