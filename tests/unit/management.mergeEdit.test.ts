import { describe, expect, it } from 'vitest';
import { mergeEdit, settle } from '../../src/management/mergeEdit.ts';

const opened = { name: 'Piet', surname: 'Monteur', emailAddress: 'piet@isolatie.local', roleNames: ['MONTEUR'], isActive: true };
const EDITABLE = ['name', 'surname', 'emailAddress', 'roleNames'] as const;

describe('a save laid over the record as it is now', () => {
  it('sends the person\'s change over another administrator\'s change of another field, and lists nothing when the two do not meet', () => {
    const mine = { ...opened, roleNames: ['MONTEUR', 'PLANNER'] };
    const fresh = { ...opened, roleNames: ['MONTEUR', 'PLANNER'], surname: 'Monteur-de Vries' };
    const { merged, others } = mergeEdit(opened, mine, fresh, [...EDITABLE]);
    expect(merged).toEqual({ ...opened, surname: 'Monteur-de Vries', roleNames: ['MONTEUR', 'PLANNER'] });
    // The surname is one the form still shows as it was: it is told, not overwritten.
    expect(others).toEqual([{ field: 'surname', theirs: 'Monteur-de Vries', mine: 'Monteur', bothChanged: false }]);
  });

  it('keeps both administrators\' roles: a set is merged name by name', () => {
    const mine = { ...opened, roleNames: ['MONTEUR', 'PLANNER'] };
    const fresh = { ...opened, roleNames: ['ADMIN'] };
    const { merged, others } = mergeEdit(opened, mine, fresh, [...EDITABLE]);
    expect(merged.roleNames).toEqual(['ADMIN', 'PLANNER']);
    expect(others).toEqual([{ field: 'roleNames', theirs: ['ADMIN'], mine: ['MONTEUR', 'PLANNER'], bothChanged: true }]);
  });

  it('lists a field the person sees but does not edit (the account switched off meanwhile), and never sends the old value of it', () => {
    const mine = { ...opened, name: 'Pieter' };
    const fresh = { ...opened, isActive: false };
    const { merged, others } = mergeEdit(opened, mine, fresh, [...EDITABLE]);
    expect(merged).toEqual({ ...opened, name: 'Pieter', isActive: false });
    expect(others).toEqual([{ field: 'isActive', theirs: false, mine: true, bothChanged: false }]);
    expect(settle(opened, mine, fresh, [...EDITABLE], 'mine').isActive).toBe(false);
  });

  it('lists nothing when nobody else changed anything, or changed it to what the form holds', () => {
    const mine = { ...opened, name: 'Pieter' };
    expect(mergeEdit(opened, mine, opened, [...EDITABLE]).others).toEqual([]);
    expect(mergeEdit(opened, mine, { ...opened, name: 'Pieter' }, [...EDITABLE]).others).toEqual([]);
  });

  it('settles as the person chose: "mine" is the form as shown, "theirs" the other\'s values with the person\'s other changes', () => {
    const mine = { ...opened, name: 'Pieter', surname: 'de Monteur' };
    const fresh = { ...opened, surname: 'Monteur-de Vries', emailAddress: 'p.monteur@isolatie.local' };
    expect(settle(opened, mine, fresh, [...EDITABLE], 'mine')).toEqual({ ...opened, name: 'Pieter', surname: 'de Monteur' });
    expect(settle(opened, mine, fresh, [...EDITABLE], 'theirs')).toEqual({ ...fresh, name: 'Pieter' });
  });
});
