// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { randomValue } from '../../src/auth/random.ts';
import { saveTransaction, takeTransaction, type SignInTransaction } from '../../src/auth/transaction.ts';

const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);
const MINUTE = 60_000;

function transaction(fields: Partial<SignInTransaction> = {}): SignInTransaction {
  return {
    state: 'state-1',
    nonce: 'nonce-1',
    codeVerifier: 'verifier-1',
    returnPath: '/verkoop',
    redirectUri: 'http://localhost:4200/account/logincallback',
    createdAt: NOW,
    ...fields,
  };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('randomValue', () => {
  it('is 64 characters of the base64url alphabet', () => {
    for (let i = 0; i < 20; i += 1) expect(randomValue()).toMatch(/^[A-Za-z0-9_-]{64}$/);
  });

  it('differs from call to call', () => {
    const values = new Set(Array.from({ length: 50 }, () => randomValue()));
    expect(values.size).toBe(50);
  });
});

describe('saveTransaction and takeTransaction', () => {
  it('give back the saved transaction for its state', () => {
    saveTransaction(transaction());
    expect(takeTransaction('state-1', NOW + MINUTE)).toEqual(transaction());
  });

  it('keep the transaction in sessionStorage, never in localStorage', () => {
    saveTransaction(transaction());
    expect(sessionStorage.length).toBe(1);
    expect(localStorage.length).toBe(0);
    takeTransaction('state-1', NOW);
    expect(localStorage.length).toBe(0);
  });

  it('give a transaction only once', () => {
    saveTransaction(transaction());
    expect(takeTransaction('state-1', NOW)).toBeDefined();
    expect(takeTransaction('state-1', NOW)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('give nothing for an unknown state', () => {
    saveTransaction(transaction());
    expect(takeTransaction('state-2', NOW)).toBeUndefined();
    expect(takeTransaction('state-1', NOW)).toBeDefined();
  });

  it('keep transactions of different states apart', () => {
    saveTransaction(transaction({ state: 'a', returnPath: '/crm' }));
    saveTransaction(transaction({ state: 'b', returnPath: '/verkoop' }));
    expect(takeTransaction('b', NOW)?.returnPath).toBe('/verkoop');
    expect(takeTransaction('a', NOW)?.returnPath).toBe('/crm');
  });

  it('accept a transaction of 30 minutes old', () => {
    saveTransaction(transaction());
    expect(takeTransaction('state-1', NOW + 30 * MINUTE)).toBeDefined();
  });

  it('refuse a transaction older than 30 minutes, and remove it', () => {
    saveTransaction(transaction());
    expect(takeTransaction('state-1', NOW + 30 * MINUTE + 1)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('use the current time when no time is given', () => {
    saveTransaction(transaction({ createdAt: Date.now() - 31 * MINUTE }));
    expect(takeTransaction('state-1')).toBeUndefined();
    saveTransaction(transaction({ createdAt: Date.now() - MINUTE }));
    expect(takeTransaction('state-1')).toBeDefined();
  });

  it('refuse a stored entry whose own state differs from its key', () => {
    sessionStorage.setItem('oidc.transaction.state-1', JSON.stringify(transaction({ state: 'other' })));
    expect(takeTransaction('state-1', NOW)).toBeUndefined();
  });

  it('refuse a stored entry that is not JSON, and remove it', () => {
    sessionStorage.setItem('oidc.transaction.state-1', '{broken');
    expect(takeTransaction('state-1', NOW)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('takeTransaction with something else stored under the state', () => {
  it.each([
    ['no createdAt (it would never expire)', { state: 'state-1', nonce: 'n', codeVerifier: 'v', returnPath: '/', redirectUri: 'r' }],
    ['no code verifier', { state: 'state-1', nonce: 'n', returnPath: '/', redirectUri: 'r', createdAt: NOW }],
    ['a nonce of another type', { ...transaction(), nonce: 5 }],
    ['null', null],
    ['a list', ['state-1']],
  ])('uses nothing of %s', (_name, stored) => {
    sessionStorage.setItem('oidc.transaction.state-1', JSON.stringify(stored));
    expect(takeTransaction('state-1', NOW)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });
});
