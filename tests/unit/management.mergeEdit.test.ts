import { describe, expect, it } from 'vitest';
import { mergeEdit, settle } from '../../src/edits/mergeEdit.ts';

const opened = { name: 'Piet', surname: 'Monteur', emailAddress: 'piet@isolatie.local', roleNames: ['MONTEUR'], isActive: true };
const EDITABLE = ['name', 'surname', 'emailAddress', 'roleNames'] as const;
const both = (mine: typeof opened, fresh: typeof opened) => ({
  mine: settle(opened, mine, fresh, [...EDITABLE], 'mine'),
  theirs: settle(opened, mine, fresh, [...EDITABLE], 'theirs'),
});

describe('a save laid over the record as it is now', () => {
  it("sends the person's change over another administrator's change of another field, and lists nothing when the two do not meet", () => {
    const mine = { ...opened, roleNames: ['MONTEUR', 'PLANNER'] };
    const fresh = { ...opened, roleNames: ['MONTEUR', 'PLANNER'], surname: 'Monteur-de Vries' };
    const { merged, others } = mergeEdit(opened, mine, fresh, [...EDITABLE]);
    expect(merged).toEqual({ ...opened, surname: 'Monteur-de Vries', roleNames: ['MONTEUR', 'PLANNER'] });
    // The surname is one the form still shows as it was: it is told, not overwritten.
    expect(others).toEqual([{ field: 'surname', opened: 'Monteur', theirs: 'Monteur-de Vries', mine: 'Monteur', bothChanged: false }]);
  });

  it("keeps both administrators' roles: a set is merged name by name", () => {
    const mine = { ...opened, roleNames: ['MONTEUR', 'PLANNER'] };
    const fresh = { ...opened, roleNames: ['ADMIN'] };
    const { merged, others } = mergeEdit(opened, mine, fresh, [...EDITABLE]);
    expect(merged.roleNames).toEqual(['ADMIN', 'PLANNER']);
    // Told, but no choice between the two: they never meet name by name.
    expect(others).toEqual([
      { field: 'roleNames', opened: ['MONTEUR'], theirs: ['ADMIN'], mine: ['MONTEUR', 'PLANNER'], bothChanged: false },
    ]);
  });

  it('lists a field the person sees but does not edit (the account switched off meanwhile), and never sends the old value of it', () => {
    const mine = { ...opened, name: 'Pieter' };
    const fresh = { ...opened, isActive: false };
    const { merged, others } = mergeEdit(opened, mine, fresh, [...EDITABLE]);
    expect(merged).toEqual({ ...opened, name: 'Pieter', isActive: false });
    expect(others).toEqual([{ field: 'isActive', opened: true, theirs: false, mine: true, bothChanged: false }]);
    expect(both(mine, fresh)).toEqual({
      mine: { ...opened, name: 'Pieter', isActive: false },
      theirs: { ...opened, name: 'Pieter', isActive: false },
    });
  });

  it('lists nothing when nobody else changed anything, or changed it to what the form holds', () => {
    const mine = { ...opened, name: 'Pieter' };
    expect(mergeEdit(opened, mine, opened, [...EDITABLE]).others).toEqual([]);
    expect(mergeEdit(opened, mine, { ...opened, name: 'Pieter' }, [...EDITABLE]).others).toEqual([]);
  });
});

describe("the person's choice: only what they changed is written, whichever they choose", () => {
  it('Anna corrected the e-mail address; Bert, whose form was open before, adds a role: "Mijn versie opslaan" keeps Anna\'s address', () => {
    const mine = { ...opened, roleNames: ['MONTEUR', 'PLANNER'] };
    const fresh = { ...opened, emailAddress: 'p.monteur@isolatie.local' };
    const expected = { ...opened, emailAddress: 'p.monteur@isolatie.local', roleNames: ['MONTEUR', 'PLANNER'] };
    expect(both(mine, fresh)).toEqual({ mine: expected, theirs: expected });
  });

  it('Anna changed the e-mail address, Bert only the surname: both choices hold both changes', () => {
    const mine = { ...opened, surname: 'Monteur-de Vries' };
    const fresh = { ...opened, emailAddress: 'p.monteur@isolatie.local' };
    const expected = { ...opened, surname: 'Monteur-de Vries', emailAddress: 'p.monteur@isolatie.local' };
    expect(both(mine, fresh)).toEqual({ mine: expected, theirs: expected });
  });

  it("both changed the roles: each one's additions and removals are applied to the set as saved now, whichever is chosen", () => {
    // Bert adds Planner and takes Monteur away; Anna meanwhile added Admin and Verkoop.
    const mine = { ...opened, roleNames: ['PLANNER'] };
    const fresh = { ...opened, roleNames: ['MONTEUR', 'ADMIN', 'VERKOOP'] };
    const { mine: kept, theirs: taken } = both(mine, fresh);
    expect(kept.roleNames).toEqual(['ADMIN', 'VERKOOP', 'PLANNER']);
    expect(taken.roleNames, '"Hun wijzigingen overnemen" keeps Bert\'s own role').toEqual(['ADMIN', 'VERKOOP', 'PLANNER']);
  });

  it('both changed one field: "mine" keeps the form\'s value there, "theirs" the other\'s; the rest is the same either way', () => {
    const mine = { ...opened, name: 'Pieter', surname: 'de Monteur', roleNames: ['MONTEUR', 'PLANNER'] };
    const fresh = { ...opened, surname: 'Monteur-de Vries', emailAddress: 'p.monteur@isolatie.local', isActive: false };
    const { others } = mergeEdit(opened, mine, fresh, [...EDITABLE]);
    expect(others.filter((change) => change.bothChanged).map((change) => change.field)).toEqual(['surname']);
    const rest = { name: 'Pieter', emailAddress: 'p.monteur@isolatie.local', roleNames: ['MONTEUR', 'PLANNER'], isActive: false };
    expect(both(mine, fresh)).toEqual({ mine: { ...rest, surname: 'de Monteur' }, theirs: { ...rest, surname: 'Monteur-de Vries' } });
  });
});
