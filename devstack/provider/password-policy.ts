// The provider's rule for new passwords: the same for registration, the
// recovery link and the my-account password change. The seeded demo
// password predates it and is left alone.

export const MIN_PASSWORD_LENGTH = 8;

/** Why a new password is refused; the app maps these names to its own texts. */
export type PasswordProblem = 'too_short' | 'contains_user_name' | 'common_password' | 'same_as_current';

/** A few of the passwords that top every leaked-password list, Dutch ones included. */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  'password',
  'password1',
  'password123',
  'wachtwoord',
  'wachtwoord1',
  'wachtwoord123',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  'azertyui',
  'abcd1234',
  'abc12345',
  'welkom01',
  'welkom123',
  'welkomwelkom',
  'iloveyou',
  'letmein1',
  'sunshine',
  'admin123',
  'administrator',
  'voetbal1',
  'isolatie',
  'isolatie1',
]);

/** Lists every rule the password breaks; empty when it is acceptable. */
export function passwordProblems(password: string, userName: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH) problems.push('too_short');
  const name = userName.trim().toLowerCase();
  if (name.length > 0 && password.toLowerCase().includes(name)) problems.push('contains_user_name');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push('common_password');
  return problems;
}
