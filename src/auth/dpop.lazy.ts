import * as oauth from 'oauth4webapi';
import type { AuthConfig } from '../config/appConfig.ts';
import type { Provider } from './provider.ts';

// DPoP (RFC 9449): the provider's tokens are bound to a key pair that never
// leaves this browser, a new one after every sign-out. The private key is
// created non-extractable by WebCrypto and kept in IndexedDB (a CryptoKey
// survives there as an object no script can read out), shared by the tabs
// of this origin as they share the refresh token. A stolen refresh or
// access token is useless without it.

const DB = 'oidc';
const STORE = 'keys';
const KEY = 'dpop';

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const opening = indexedDB.open(DB, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  const db = await settled(opening);
  try {
    return await settled(run(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

/** The key pair with an id, so a page notices when another tab's sign-in replaced it. */
interface StoredKey {
  id: string;
  pair: CryptoKeyPair;
}

/** What the store held is a key pair with its id: an older version's entry or a damaged one is not used. */
function isStoredKey(value: unknown): value is StoredKey {
  if (typeof value !== 'object' || value === null || !('id' in value) || !('pair' in value)) return false;
  const { id, pair } = value;
  return (
    typeof id === 'string' &&
    id !== '' &&
    typeof pair === 'object' &&
    pair !== null &&
    'privateKey' in pair &&
    Boolean(pair.privateKey) &&
    'publicKey' in pair &&
    Boolean(pair.publicKey)
  );
}

async function storedKey(): Promise<StoredKey | undefined> {
  const stored: unknown = await withStore('readonly', (store) => store.get(KEY));
  return isStoredKey(stored) ? stored : undefined;
}

async function createKey(): Promise<StoredKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const key = { id: crypto.randomUUID(), pair };
  await withStore('readwrite', (store) => store.put(key, KEY));
  return key;
}

/** This page's handle and the key it signs with; the handle keeps the servers' latest DPoP nonces. */
let current: { id: string; handle: oauth.DPoPHandle } | undefined;

/**
 * The DPoP handle when appconfig turns DPoP on (`auth.dpop`), else
 * undefined, with the key the tabs share as it is now. A key that is gone
 * (signed out, site data cleared) is made anew; the provider then refuses
 * a refresh token bound to the old one, which asks the person to sign in again.
 */
export async function dpopHandle(config: AuthConfig, provider: Provider): Promise<oauth.DPoPHandle | undefined> {
  if (!config.dpop) return undefined;
  // One tab at a time reads or makes it, so two tabs signing in at once get the same key.
  const readOrCreate = async () => (await storedKey()) ?? (await createKey());
  const key = navigator.locks ? await navigator.locks.request('oidc-dpop-key', readOrCreate) : await readOrCreate();
  if (current?.id !== key.id) current = { id: key.id, handle: oauth.DPoP(provider.client, key.pair) };
  return current.handle;
}

/** A token request with its proof; asked once more with the nonce the server names (`use_dpop_nonce`, RFC 9449 §8). */
export async function withNonceRetry<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (oauth.isDPoPNonceError(error)) return attempt();
    throw error;
  }
}

/**
 * The DPoP proof for a call that carries the access token itself (ABP's
 * ExternalAuthenticate takes it in the body): oauth4webapi makes the proof
 * (htm, htu, ath, the nonce) as for a protected resource request, and this
 * takes the header instead of letting it send the request.
 */
export async function proofFor(
  handle: oauth.DPoPHandle,
  provider: Provider,
  accessToken: string,
  method: string,
  url: string,
): Promise<string> {
  let proof = '';
  const capture = async (_url: string, init: { headers: Record<string, string> }) => {
    proof = new Headers(init.headers).get('dpop') ?? '';
    return new Response(null, { status: 204 });
  };
  await oauth.protectedResourceRequest(accessToken, method, new URL(url), new Headers(), null, {
    ...provider.options,
    [oauth.allowInsecureRequests]: new URL(url).protocol === 'http:',
    [oauth.customFetch]: capture,
    DPoP: handle,
  });
  return proof;
}

/** After a sign-out the key goes too: the next sign-in binds its tokens to a new one. */
export async function forgetDPoPKey(): Promise<void> {
  current = undefined;
  await withStore('readwrite', (store) => store.delete(KEY)).catch(() => undefined);
}
