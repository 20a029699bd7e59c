import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { DEMO_PASSWORD, identityUsers, type IdentityUser } from './seed.ts';

// Passwords are kept only as scrypt hashes with a salt per user, the way a
// real provider stores them, so the sign-in page exercises a real check.
const KEY_LENGTH = 32;

interface StoredUser {
  user: IdentityUser;
  salt: Buffer;
  hash: Buffer;
}

export interface UserStore {
  /** Returns the account for a correct user name and password, else undefined. */
  verify(userName: string, password: string): IdentityUser | undefined;
  findBySub(sub: string): IdentityUser | undefined;
}

export function createUserStore(users: readonly IdentityUser[] = identityUsers): UserStore {
  const byName = new Map<string, StoredUser>();
  for (const user of users) {
    const salt = randomBytes(16);
    byName.set(user.userName.toLowerCase(), { user, salt, hash: scryptSync(DEMO_PASSWORD, salt, KEY_LENGTH) });
  }
  // Unknown names still cost one scrypt run, so timing does not reveal
  // which user names exist.
  const dummySalt = randomBytes(16);

  return {
    verify(userName, password) {
      const stored = byName.get(userName.trim().toLowerCase());
      const candidate = scryptSync(password, stored?.salt ?? dummySalt, KEY_LENGTH);
      if (!stored) return undefined;
      return timingSafeEqual(candidate, stored.hash) ? stored.user : undefined;
    },
    findBySub(sub) {
      return users.find((u) => u.sub === sub);
    },
  };
}
