import { describe, expect, it } from 'vitest';
import { identityErrorField } from '../../src/errors/identityErrors.ts';

// ABP's refusals of ASP.NET Identity and of its own managers, as the recorded host and ABP's code word them.
describe('the field an identity refusal is about', () => {
  it.each([
    ["Gebruikersnaam 'monteur' is al in gebruik.", 'userName'],
    ["Username 'monteur' is already taken.", 'userName'],
    ["E-mail 'jan.jansen@isolatie.local' is al in gebruik.", 'emailAddress'],
    ["Email 'jan.jansen@isolatie.local' is already taken.", 'emailAddress'],
    ['Role name Monteur is already taken.', 'name'],
  ])('%s → %s', (message, field) => {
    expect(identityErrorField(message)).toBe(field);
  });

  it('reads the sentence in the backend’s own language from its texts', () => {
    const texts = { AbpZero: { 'Identity.DuplicateUserName': "Benutzername '{0}' ist bereits vergeben." } };
    expect(identityErrorField("Benutzername 'piet' ist bereits vergeben.", texts)).toBe('userName');
    expect(identityErrorField("Benutzername 'piet' ist bereits vergeben.")).toBeUndefined();
  });

  it('leaves every other message where it is', () => {
    expect(identityErrorField('Er is een interne fout opgetreden tijdens uw aanvraag!')).toBeUndefined();
    expect(identityErrorField('Wachtwoorden moeten ten minste 6 tekens bevatten.')).toBeUndefined();
  });
});
