import { describe, expect, it } from 'vitest';
import { providerSharesSite } from '../../src/renewal/silent.lazy.ts';

describe('providerSharesSite', () => {
  it.each([
    ['http://localhost:4300', 'localhost', true],
    ['https://login.isolatie.nl', 'medewerkers.isolatie.nl', true],
    ['https://isolatie.nl/oauth2/default', 'isolatie.nl', true],
    ['http://127.0.0.1:4300', 'localhost', false],
    ['https://company.okta.com', 'medewerkers.company.nl', false],
    ['https://company.okta.com/oauth2/default', 'okta.com.evil.example', false],
    ['http://127.0.0.1:4300', '127.0.0.1', true],
    ['http://[::1]:4300', 'localhost', false],
  ])('issuer %s beside the app at %s: %s', (issuer, here, same) => {
    expect(providerSharesSite(issuer, here)).toBe(same);
  });
});
