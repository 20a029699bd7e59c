import { describe, expect, it } from 'vitest';
import { createLockout } from '../../devstack/provider/lockout.ts';
import { createOneTimeLinks } from '../../devstack/provider/one-time-links.ts';
import { passwordProblems } from '../../devstack/provider/password-policy.ts';
import { createUserStore } from '../../devstack/provider/user-store.ts';
import { createVerificationCodes } from '../../devstack/provider/verification-codes.ts';

// The provider's account building blocks on their own, with a hand-moved clock.

describe('password policy', () => {
  it.each([
    ['Spouwmuur-Isolatie-9', 'monteur', []],
    ['kort', 'monteur', ['too_short']],
    ['MONTEUR-op-zolder', 'monteur', ['contains_user_name']],
    ['Wachtwoord', 'monteur', ['common_password']],
    ['12345678', 'x', ['common_password']],
  ] as const)('judges %s for %s', (password, userName, problems) => {
    expect(passwordProblems(password, userName)).toEqual(problems);
  });
});

describe('lockout', () => {
  it('locks at the fifth failure in a row and starts over when cleared', () => {
    const lockout = createLockout();
    expect([1, 2, 3, 4, 5].map(() => lockout.fail(' Admin '))).toEqual([false, false, false, false, true]);
    expect(lockout.isLocked('admin')).toBe(true);
    lockout.clear('ADMIN');
    expect(lockout.isLocked('admin')).toBe(false);
  });
});

describe('one-time links', () => {
  it('work once, for their purpose only, until they expire', () => {
    let now = 0;
    const links = createOneTimeLinks(() => now);
    const token = links.issue('recovery', { sub: 'a' });
    expect(links.peek('unlock', token)).toEqual({ kind: 'unknown' });
    expect(links.peek('recovery', token)).toEqual({ kind: 'valid', payload: { sub: 'a' } });
    expect(links.consume('recovery', token)).toEqual({ kind: 'valid', payload: { sub: 'a' } });
    expect(links.consume('recovery', token)).toEqual({ kind: 'unknown' });
    const late = links.issue('unlock', { sub: 'b' });
    now += 30 * 60_000;
    expect(links.peek('unlock', late)).toEqual({ kind: 'expired' });
  });
});

describe('verification codes', () => {
  it('accept the right code once, within five minutes, for the right owner', () => {
    let now = 0;
    const codes = createVerificationCodes(() => now);
    const { code, expiresAt } = codes.issue('k', 'owner');
    expect(expiresAt).toBe(5 * 60_000);
    expect(codes.check('k', 'someone-else', code)).toBe('unknown');
    expect(codes.check('k', 'owner', 'abcdef')).toBe('wrong_code');
    expect(codes.check('k', 'owner', code)).toBe('verified');
    expect(codes.check('k', 'owner', code)).toBe('unknown');
    const second = codes.issue('k', 'owner');
    now = second.expiresAt;
    expect(codes.check('k', 'owner', second.code)).toBe('expired_code');
  });
});

describe('user store', () => {
  it('adds an account, finds it by name or address, and changes its password', () => {
    const users = createUserStore();
    const user = users.add(
      { userName: 'Sanne', givenName: 'Sanne', familyName: 'de Vries', email: 'sanne@thuis.local' },
      users.hash('Glaswol-4-ever'),
    );
    expect(user.sub).toBe('idp-0006-sanne');
    expect(users.findByLogin('SANNE@thuis.local')).toBe(user);
    expect(users.isTaken({ userName: 'sanne', email: 'x@y.z' })).toEqual({ userName: true, email: false });
    expect(users.verify('sanne', 'Glaswol-4-ever')).toBe(user);
    users.setPassword(user, users.hash('Nieuw-en-lang-1'));
    expect(users.checkPassword(user, 'Glaswol-4-ever')).toBe(false);
    expect(users.verify('sanne', 'Nieuw-en-lang-1')).toBe(user);
  });
});
