// In-memory storage for the provider's sessions, grants, codes and tokens,
// one per stack, so several stacks in one process (tests) never share state.
// Everything is gone on restart, as befits a local development provider.

type Payload = Record<string, unknown> & { uid?: string; grantId?: string; consumed?: number };

interface Entry {
  payload: Payload;
  expiresAt: number;
}

export interface ProviderAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/**
 * The models a grant revocation removes, as in oidc-provider's own memory
 * adapter. An Interaction carries a grantId too, but ending an old session
 * while someone signs in as another account must not delete the sign-in in
 * progress.
 */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

export interface MemoryStoreOptions {
  /**
   * Seconds a rotated (consumed) refresh token is still taken, as Okta's
   * grace period for token rotation: a tab that refreshed with it at the
   * same moment as another gets an answer. Afterwards oidc-provider sees it
   * consumed and revokes the grant (reuse detection). Default 0.
   */
  refreshTokenGracePeriod?: number;
}

export type ProviderStore = (model: string) => ProviderAdapter;

/** The models both of the org's authorization servers read: one sign-in session (and its grants and sign-in steps) for the org. */
const SHARED_MODELS = new Set(['Session', 'Interaction', 'Grant']);

/** A server's store whose sessions, grants and interactions are the org's (`shared`), its codes and tokens its own. */
export function sharedSessions(shared: ProviderStore, own: ProviderStore): ProviderStore {
  return (model) => (SHARED_MODELS.has(model) ? shared(model) : own(model));
}

export function createMemoryStore(options: MemoryStoreOptions = {}): ProviderStore {
  const grace = options.refreshTokenGracePeriod ?? 0;
  const entries = new Map<string, Entry>();
  const sessionIdByUid = new Map<string, string>();
  const keysByGrant = new Map<string, Set<string>>();
  let writes = 0;

  const read = (key: string): Payload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  // Expired entries are dropped when read; a sweep now and then keeps a
  // long-running stack from collecting the ones never read again.
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  };

  return (model) => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        if (++writes % 200 === 0) sweep();
        const key = keyOf(id);
        entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
        if (model === 'Session' && payload.uid) sessionIdByUid.set(payload.uid, id);
        if (payload.grantId && GRANTABLE.has(model)) {
          const keys = keysByGrant.get(payload.grantId) ?? new Set<string>();
          keys.add(key);
          keysByGrant.set(payload.grantId, keys);
        }
      },
      async find(id) {
        const payload = read(keyOf(id));
        // Within the grace period a rotated refresh token reads as unused.
        if (model === 'RefreshToken' && payload?.consumed !== undefined && Math.floor(Date.now() / 1000) - payload.consumed < grace) {
          return { ...payload, consumed: undefined };
        }
        return payload;
      },
      async findByUid(uid) {
        const id = sessionIdByUid.get(uid);
        return id ? read(keyOf(id)) : undefined;
      },
      async findByUserCode() {
        return undefined; // device flow is not enabled
      },
      async consume(id) {
        const payload = read(keyOf(id));
        // The first use starts the grace period; a use within it does not move it.
        if (payload && payload.consumed === undefined) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        const key = keyOf(id);
        const payload = read(key);
        entries.delete(key);
        if (model === 'Session' && payload?.uid) sessionIdByUid.delete(payload.uid);
      },
      async revokeByGrantId(grantId) {
        for (const key of keysByGrant.get(grantId) ?? []) entries.delete(key);
        keysByGrant.delete(grantId);
      },
    };
  };
}
