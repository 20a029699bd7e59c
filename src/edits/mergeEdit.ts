// Two administrators at once: a form sends what its person changed, laid over
// the record as it is now, never the whole record as it was read when the
// form opened. A field is a string, a boolean or a set of names (a person's
// roles, a role's permissions); a set is merged name by name, so one
// administrator's new role and another's new role both stay.

export type FieldValue = string | boolean | null | readonly string[];

/** A record as a form sees it: its fields by name. */
export type Fields = Readonly<Record<string, FieldValue>>;

/** A field someone else changed since the form opened, from `opened` to the value `theirs`; `mine` is what the form holds now. */
export interface OtherChange<K extends string = string> {
  field: K;
  /** As the form opened on it ("Toen je opende"). */
  opened: FieldValue;
  /** As saved now ("Nu opgeslagen"). */
  theirs: FieldValue;
  /** As the form holds it ("Jouw versie"). */
  mine: FieldValue;
  /**
   * The person changed it too (to something else): keeping theirs or mine is
   * a choice. Never for a set: merged name by name, two changes of one set
   * never meet (a name both added, or both removed, is one outcome).
   */
  bothChanged: boolean;
}

export interface MergedEdit<T extends Fields> {
  /** The fresh record with the person's own changes over it. */
  merged: T;
  /** What someone else changed since the form opened and the form does not hold: empty when the save can go as it is. */
  others: OtherChange<Extract<keyof T, string>>[];
}

/** A field of a record (a field the record lacks reads as empty). */
const at = (record: Fields, field: string): FieldValue => record[field] ?? null;

const isSet = (value: FieldValue): value is readonly string[] => Array.isArray(value);

export function sameValue(a: FieldValue, b: FieldValue): boolean {
  if (isSet(a) && isSet(b)) return a.length === b.length && a.every((item) => b.includes(item));
  return a === b;
}

/** One field: the person's value where they changed it, else the fresh one; a set takes the person's additions and removals over the fresh set. */
function mergeField(opened: FieldValue, mine: FieldValue, fresh: FieldValue): FieldValue {
  if (sameValue(opened, mine)) return fresh;
  if (isSet(opened) && isSet(mine) && isSet(fresh)) {
    const added = mine.filter((item) => !opened.includes(item));
    const removed = new Set(opened.filter((item) => !mine.includes(item)));
    return [...fresh.filter((item) => !removed.has(item)), ...added.filter((item) => !fresh.includes(item))];
  }
  return mine;
}

/**
 * The save of a form opened on `opened`, holding `mine`, over `fresh` (the
 * record re-read just before saving). `editable` fields follow the person
 * where they changed them; any other field of the records (one the person
 * sees but does not edit, such as whether the account is active; `mine`
 * holds it as the page shows it) is the fresh one. Every field someone else changed, and the form does not already
 * hold, is listed, so the person can see it before anything is sent.
 */
export function mergeEdit<T extends Fields>(opened: T, mine: T, fresh: T, editable: readonly Extract<keyof T, string>[]): MergedEdit<T> {
  const merged: Record<string, FieldValue> = { ...fresh };
  const others: OtherChange<Extract<keyof T, string>>[] = [];
  for (const field of Object.keys(fresh) as Extract<keyof T, string>[]) {
    const own = editable.includes(field);
    const [before, now, theirs] = [at(opened, field), at(mine, field), at(fresh, field)];
    if (own) merged[field] = mergeField(before, now, theirs);
    if (sameValue(before, theirs) || sameValue(now, theirs)) continue;
    others.push({ field, opened: before, theirs, mine: now, bothChanged: own && !isSet(before) && !sameValue(before, now) });
  }
  return { merged: merged as T, others };
}

/**
 * The person's choice once told what someone else changed. Either way the
 * save holds only what the person changed, over the record as it is now
 * (mergeEdit's `merged`): a field they never touched is never written back as
 * it was when the form opened, and sets are merged name by name. The choice
 * decides only the fields both changed: "mine" keeps the form's value there,
 * "theirs" the other's.
 */
export function settle<T extends Fields>(
  opened: T,
  mine: T,
  fresh: T,
  editable: readonly Extract<keyof T, string>[],
  keep: 'mine' | 'theirs',
): T {
  const { merged, others } = mergeEdit(opened, mine, fresh, editable);
  if (keep === 'mine') return merged;
  const result: Record<string, FieldValue> = { ...merged };
  for (const { field, theirs, bothChanged } of others) if (bothChanged) result[field] = theirs;
  return result as T;
}
