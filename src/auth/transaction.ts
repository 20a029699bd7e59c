import { isJsonObject } from '../lib/json.ts';
import { TRANSACTION_PREFIX } from '../lib/storageKeys.ts';

/** One sign-in attempt, kept until its answer comes back. */
export interface SignInTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The same-origin page to return to afterwards. */
  returnPath: string;
  redirectUri: string;
  createdAt: number;
}

const PREFIX = TRANSACTION_PREFIX;
/** A transaction older than this is refused: sign-in pages do not stay open for a day. */
const MAX_AGE_MS = 30 * 60 * 1000;

/** Kept in sessionStorage under its state: survives the redirect, not the tab. */
export function saveTransaction(transaction: SignInTransaction): void {
  sessionStorage.setItem(PREFIX + transaction.state, JSON.stringify(transaction));
}

/** What was stored has every field of a transaction: an older version's entry or an edited one is not used. */
function isTransaction(value: unknown): value is SignInTransaction {
  if (!isJsonObject(value)) return false;
  return (
    ['state', 'nonce', 'codeVerifier', 'returnPath', 'redirectUri'].every((field) => typeof value[field] === 'string') &&
    typeof value.createdAt === 'number' &&
    Number.isFinite(value.createdAt)
  );
}

/** Takes the transaction for a state out of storage: it can be used once. */
export function takeTransaction(state: string, now = Date.now()): SignInTransaction | undefined {
  const key = PREFIX + state;
  const raw = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  if (!raw) return undefined;
  let transaction: unknown;
  try {
    transaction = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isTransaction(transaction) || transaction.state !== state || now - transaction.createdAt > MAX_AGE_MS) return undefined;
  return transaction;
}
