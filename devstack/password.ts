import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// Passwords as a real store keeps them, in the provider's accounts and the
// API's users alike: a scrypt hash with a salt of its own, never the
// password, and compared in constant time.

/** A password as kept. A new password is a new Credential: one is never changed, so stores may share one. */
export interface Credential {
  readonly salt: Buffer;
  readonly hash: Buffer;
}

const KEY_LENGTH = 32;

/** Hashes a password with a fresh salt: scrypt's work, slow on purpose. */
export function hashPassword(password: string): Credential {
  const salt = randomBytes(16);
  return { salt, hash: scryptSync(password, salt, KEY_LENGTH) };
}

/**
 * A store's check of a password against a credential. It always costs one
 * scrypt run: with no credential (a name that does not exist) it hashes with
 * a salt of the store's own, so timing does not tell which names exist.
 */
export function passwordCheck(): (credential: Credential | undefined, password: string) => boolean {
  const unknownSalt = randomBytes(16);
  return (credential, password) => {
    const candidate = scryptSync(password, credential?.salt ?? unknownSalt, KEY_LENGTH);
    return credential !== undefined && timingSafeEqual(candidate, credential.hash);
  };
}
