import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbpClient } from '../../src/abp/client.ts';
import { READ_BACK_AGAIN_MS, READ_BACK_AT_MS, readBack, statusUndoneBySave, type ReadBackFinding } from '../../src/edits/afterWrite.ts';
import type { User } from '../../src/management/users.ts';

const PIET: User = {
  id: 4,
  userName: 'monteur',
  name: 'Piet',
  surname: 'Monteur',
  emailAddress: 'monteur@isolatie.local',
  isActive: true,
  fullName: 'Piet Monteur',
  lastLoginTime: null,
  creationTime: '',
  roleNames: ['MONTEUR'],
};

/**
 * ABP's User/Get, Activate and DeActivate on one person, whom a test changes
 * at a moment of its choosing (another administrator): `at(ms, change)` lands
 * `change` that many milliseconds after the start, before a read due then.
 */
function fakeAbp(person: User = PIET) {
  let held = { ...person };
  const reads: number[] = [];
  const statusWrites: boolean[] = [];
  let refuseStatus = false;
  const start = Date.now();
  const client = {
    get: (path: string) => {
      if (!path.includes('User/Get?')) throw new Error(`unexpected GET ${path}`);
      reads.push(Date.now() - start);
      return Promise.resolve({ ...held });
    },
    post: (path: string) => {
      if (refuseStatus) return Promise.reject(new Error('403'));
      const active = /\/User\/Activate$/.test(path);
      statusWrites.push(active);
      held = { ...held, isActive: active };
      return Promise.resolve(null);
    },
  } as unknown as AbpClient;
  return {
    client,
    reads,
    statusWrites,
    held: () => held,
    change: (change: Partial<User>) => (held = { ...held, ...change }),
    at: (ms: number, change: Partial<User>) => setTimeout(() => (held = { ...held, ...change }), ms - 1),
    refuseStatus: () => (refuseStatus = true),
  };
}

/** Runs a read-back to its end (every read of READ_BACK_AT_MS, or the first finding and its put-back's reads): what it reported. */
async function run(abp: ReturnType<typeof fakeAbp>, write: Parameters<typeof readBack>[2]): Promise<ReadBackFinding[]> {
  const found: ReadBackFinding[] = [];
  const { done } = readBack(abp.client, PIET.id, write, (finding) => found.push(finding));
  await vi.runAllTimersAsync();
  await done;
  return found;
}

describe('a status undone by a save from an older read', () => {
  const deactivated = { ...PIET, isActive: false };

  it('is the old status back with something else changed: a save always changes something, an Activate or DeActivate nothing else', () => {
    expect(statusUndoneBySave(PIET, false, { ...PIET, surname: 'de Vries' })).toBe(true);
    expect(statusUndoneBySave(PIET, false, { ...PIET, roleNames: ['MONTEUR', 'ADMIN'] })).toBe(true);
    expect(statusUndoneBySave(deactivated, true, { ...deactivated, emailAddress: 'p@x.local' })).toBe(true);
  });

  it('is not a status turned back on its own (someone chose it), nor one that holds, nor a write that changed no status', () => {
    expect(statusUndoneBySave(PIET, false, PIET), 'activated again, nothing else: a choice').toBe(false);
    expect(statusUndoneBySave(PIET, false, { ...deactivated, surname: 'de Vries' }), 'still off').toBe(false);
    expect(statusUndoneBySave(deactivated, false, { ...PIET, surname: 'de Vries' }), 'he was off already: this write changed nothing').toBe(
      false,
    );
    expect(statusUndoneBySave(PIET, false, { ...PIET, roleNames: ['monteur'] }), 'the same roles in another spelling').toBe(false);
  });
});

describe('a person read back after a write', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads at once and twice more, READ_BACK_AGAIN_MS apart, and reports nothing while ABP holds what the write left', async () => {
    expect(READ_BACK_AT_MS).toEqual([0, READ_BACK_AGAIN_MS, 2 * READ_BACK_AGAIN_MS]);
    const abp = fakeAbp();
    expect(await run(abp, { written: PIET })).toEqual([]);
    expect(abp.reads).toEqual([...READ_BACK_AT_MS]);
  });

  it('reports the first change someone else made, and reads no more', async () => {
    const abp = fakeAbp();
    abp.at(READ_BACK_AGAIN_MS, { emailAddress: 'p.monteur@isolatie.local' });
    const found = await run(abp, { written: PIET });
    expect(found).toEqual([
      {
        kind: 'changed',
        changed: [{ field: 'emailAddress', written: PIET.emailAddress, now: 'p.monteur@isolatie.local' }],
        now: abp.held(),
      },
    ]);
    expect(abp.reads).toEqual([0, READ_BACK_AGAIN_MS]);
  });

  it('looks only at the fields the write set', async () => {
    const abp = fakeAbp();
    abp.change({ isActive: false, surname: 'de Vries' });
    const written = { ...PIET, isActive: false };
    expect(await run(abp, { written, fields: ['isActive'] })).toEqual([]);
  });

  it('puts back a deactivation that a save sent from an older read undid, once, and reads the put-back back', async () => {
    // Anna read him (active), deactivated him; Bert's save, read before that, wrote his surname and `isActive: true`.
    const abp = fakeAbp({ ...PIET, isActive: false });
    abp.change({ isActive: true, surname: 'de Vries' });
    const found = await run(abp, { written: { ...PIET, isActive: false }, fields: ['isActive'], statusFrom: PIET });
    expect(abp.statusWrites, 'DeActivate sent again').toEqual([false]);
    expect(found).toEqual([
      {
        kind: 'put back',
        status: false,
        overwritten: { ...PIET, surname: 'de Vries' },
        now: { ...PIET, surname: 'de Vries', isActive: false },
      },
    ]);
    expect(abp.held()).toMatchObject({ isActive: false, surname: 'de Vries' });
    // Its read, then the put-back's own look: at once and twice more.
    expect(abp.reads).toEqual([0, 0, ...READ_BACK_AT_MS]);
  });

  it('does not put it back twice: undone again after the put-back, it is shown', async () => {
    const abp = fakeAbp();
    abp.change({ surname: 'de Vries' });
    abp.at(READ_BACK_AGAIN_MS, { isActive: true, emailAddress: 'p@x.local' });
    const found = await run(abp, { written: { ...PIET, isActive: false }, fields: ['isActive'], statusFrom: PIET });
    expect(abp.statusWrites).toEqual([false]);
    expect(found.map((finding) => finding.kind)).toEqual(['put back', 'changed']);
    expect(found[1]).toMatchObject({ changed: [{ field: 'isActive', written: false, now: true }] });
  });

  it('shows a status turned back with nothing else changed, someone’s own choice, rather than putting it back', async () => {
    const abp = fakeAbp();
    const found = await run(abp, { written: { ...PIET, isActive: false }, fields: ['isActive'], statusFrom: PIET });
    expect(abp.statusWrites).toEqual([]);
    expect(found).toEqual([{ kind: 'changed', changed: [{ field: 'isActive', written: false, now: true }], now: PIET }]);
  });

  it('shows the status undone when it cannot be put back', async () => {
    const abp = fakeAbp();
    abp.change({ surname: 'de Vries' });
    abp.refuseStatus();
    const found = await run(abp, { written: { ...PIET, isActive: false }, fields: ['isActive'], statusFrom: PIET });
    expect(found).toEqual([
      { kind: 'changed', changed: [{ field: 'isActive', written: false, now: true }], now: { ...PIET, surname: 'de Vries' } },
    ]);
  });

  it('the save that undid it sees the put-back: the other side’s put-back, after its read at READ_BACK_AGAIN_MS, lands before the last read', async () => {
    // Bert's save wrote `isActive: true` over Anna's deactivation; her second read finds it and puts it back a little later.
    const abp = fakeAbp({ ...PIET, surname: 'de Vries' });
    abp.at(READ_BACK_AGAIN_MS + 300, { isActive: false });
    const found = await run(abp, { written: { ...PIET, surname: 'de Vries' } });
    expect(found).toEqual([
      {
        kind: 'changed',
        changed: [{ field: 'isActive', written: true, now: false }],
        now: { ...PIET, surname: 'de Vries', isActive: false },
      },
    ]);
    expect(abp.reads).toEqual([...READ_BACK_AT_MS]);
  });

  it('reads and reports nothing once stopped (the page left, or a later write)', async () => {
    const abp = fakeAbp();
    abp.change({ surname: 'de Vries' });
    const found: ReadBackFinding[] = [];
    const look = readBack(abp.client, PIET.id, { written: PIET }, (finding) => found.push(finding));
    look.stop();
    await vi.runAllTimersAsync();
    await look.done;
    expect(found).toEqual([]);
    expect(abp.reads).toEqual([]);
  });
});
