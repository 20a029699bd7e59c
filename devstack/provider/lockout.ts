// Locks a sign-in name after too many wrong passwords in a row. Names are
// counted whether or not an account has them, so "locked" shows up for an
// unknown name exactly as for a known one and reveals nothing.

export const MAX_FAILED_SIGN_INS = 5;
/** Unknown names are counted too; a cap keeps a guessing run from filling memory. */
const MAX_TRACKED_NAMES = 10_000;

export interface Lockout {
  isLocked(userName: string): boolean;
  /** Counts a wrong password; returns whether the name is locked now. */
  fail(userName: string): boolean;
  /** A correct sign-in, an unlock link or a new password starts the count again. */
  clear(userName: string): void;
}

export function createLockout(): Lockout {
  const failures = new Map<string, number>();
  const key = (userName: string) => userName.trim().toLowerCase();

  return {
    isLocked: (userName) => (failures.get(key(userName)) ?? 0) >= MAX_FAILED_SIGN_INS,
    fail(userName) {
      const name = key(userName);
      const count = (failures.get(name) ?? 0) + 1;
      failures.delete(name);
      failures.set(name, count);
      if (failures.size > MAX_TRACKED_NAMES) {
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
      return count >= MAX_FAILED_SIGN_INS;
    },
    clear(userName) {
      failures.delete(key(userName));
    },
  };
}
