import { randomBytes } from 'node:crypto';
import { hashPassword, passwordCheck, type Credential } from '../password.ts';
import { DEMO_PASSWORD, identityUsers, type IdentityUser } from '../seed.ts';

// The provider's accounts. Passwords are kept only as scrypt hashes with a
// salt per user, the way a real provider stores them, so the sign-in page,
// the recovery link and the my-account password change exercise real checks.
// Accounts live in memory for one stack; registration adds to them.

export type Verification = 'VERIFIED' | 'UNVERIFIED';

export interface EmailAddress {
  id: string;
  address: string;
  role: 'PRIMARY' | 'SECONDARY';
  status: Verification;
}

export interface PhoneNumber {
  id: string;
  number: string;
  status: Verification;
}

/** A provider account. `email` is always the verified primary address. */
export interface ProviderUser extends IdentityUser {
  created: string;
  lastUpdated: string;
  passwordChanged: string;
  emails: EmailAddress[];
  phones: PhoneNumber[];
}

export type NewUser = Pick<IdentityUser, 'userName' | 'givenName' | 'familyName' | 'email'>;

export interface UserStore {
  /** Returns the account for a correct user name and password, else undefined. Always costs one scrypt run. */
  verify(userName: string, password: string): ProviderUser | undefined;
  findBySub(sub: string): ProviderUser | undefined;
  /** Finds an account by user name or primary e-mail address, ignoring case. */
  findByLogin(login: string): ProviderUser | undefined;
  isTaken(input: { userName: string; email: string }): { userName: boolean; email: boolean };
  /** Hashes a password with a fresh salt (the scrypt work of a registration). */
  hash(password: string): Credential;
  add(input: NewUser, credential: Credential): ProviderUser;
  checkPassword(user: ProviderUser, password: string): boolean;
  setPassword(user: ProviderUser, credential: Credential): void;
  /** Marks the account as changed now. */
  touch(user: ProviderUser): void;
}

export interface UserStoreOptions {
  /** Milliseconds since the epoch; tests move it. */
  clock?: () => number;
}

/**
 * The seeded accounts' credentials, each with a salt of its own, made once per
 * process: scrypt is slow on purpose, and a test run starts hundreds of stacks.
 * Shared between stores and never changed (a new password is a new Credential).
 */
const seededCredentials = new Map<string, Credential>();
function seededCredential(user: IdentityUser): Credential {
  const known = seededCredentials.get(user.sub);
  if (known) return known;
  const made = hashPassword(DEMO_PASSWORD);
  seededCredentials.set(user.sub, made);
  return made;
}

export function createUserStore(seed: readonly IdentityUser[] = identityUsers, options: UserStoreOptions = {}): UserStore {
  const clock = options.clock ?? Date.now;
  const now = () => new Date(clock()).toISOString();
  const accounts: ProviderUser[] = [];
  const credentials = new Map<string, Credential>();
  const matches = passwordCheck();
  let sequence = seed.length;

  const byName = (userName: string) => accounts.find((u) => u.userName.toLowerCase() === userName.trim().toLowerCase());
  const byEmail = (email: string) => accounts.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());

  const store = (user: IdentityUser, credential: Credential): ProviderUser => {
    const stamp = now();
    const account: ProviderUser = {
      ...user,
      created: stamp,
      lastUpdated: stamp,
      passwordChanged: stamp,
      emails: [{ id: randomId('eml'), address: user.email, role: 'PRIMARY', status: 'VERIFIED' }],
      phones: [],
    };
    accounts.push(account);
    credentials.set(account.sub, credential);
    return account;
  };
  for (const user of seed) store(user, seededCredential(user));

  return {
    verify(userName, password) {
      const user = byName(userName);
      const ok = matches(user && credentials.get(user.sub), password);
      return ok ? user : undefined;
    },
    findBySub: (sub) => accounts.find((u) => u.sub === sub),
    findByLogin: (login) => byName(login) ?? byEmail(login),
    isTaken: ({ userName, email }) => ({ userName: byName(userName) !== undefined, email: byEmail(email) !== undefined }),
    hash: (password) => hashPassword(password),
    add(input, credential) {
      sequence += 1;
      const userName = input.userName.trim().toLowerCase();
      const sub = `idp-${String(sequence).padStart(4, '0')}-${userName}`;
      return store({ ...input, userName, sub }, credential);
    },
    checkPassword: (user, password) => matches(credentials.get(user.sub), password),
    setPassword(user, credential) {
      credentials.set(user.sub, credential);
      user.passwordChanged = now();
      user.lastUpdated = user.passwordChanged;
    },
    touch(user) {
      user.lastUpdated = now();
    },
  };
}

/** An opaque id in Okta's style: a short prefix and random characters. */
export function randomId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('base64url')}`;
}
