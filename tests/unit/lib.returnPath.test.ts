import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/lib/returnPath.ts';

const ORIGIN = 'http://localhost:4200';

describe('safeReturnPath keeps same-origin paths', () => {
  it.each([
    ['/verkoop', '/verkoop'],
    ['/crm?x=1#y', '/crm?x=1#y'],
    ['/app/home', '/app/home'],
    ['/crm/klant%20Jansen', '/crm/klant%20Jansen'],
    ['/account/register', '/account/register'],
    ['/accounts/login', '/accounts/login'],
  ])('keeps %j', (value, path) => {
    expect(safeReturnPath(value, ORIGIN)).toBe(path);
  });

  it('gives the path as the browser resolves it', () => {
    expect(safeReturnPath('/crm/../verkoop', ORIGIN)).toBe('/verkoop');
  });
});

describe('safeReturnPath refuses anything that could leave the site', () => {
  it.each([
    '//evil.example',
    '//evil.example/verkoop',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'http://localhost:4200/x',
    'javascript:alert(1)',
    'verkoop',
    '%2F%2Fevil.example',
    '%2Fverkoop',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    // Only what the dot segments leave decodes to `//..`, another host.
    '/é/../%2F%2E%2e',
    '/a/../%2F%2Fevil.example',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeUndefined();
  });
});

describe('safeReturnPath refuses the sign-in pages', () => {
  it.each([
    '/account/login',
    '/account/login?returnUrl=/x',
    '/account/login/',
    '/ACCOUNT/LOGIN',
    '/account/logincallback?code=1',
    '/account/logincallback',
    '/crm/../account/login',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeUndefined();
  });
});

describe('safeReturnPath refuses values that are not a plain path', () => {
  it.each([[undefined], [null], [42], [{ pathname: '/verkoop' }], [['/verkoop']], ['']])('refuses %j', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeUndefined();
  });

  it.each(['/verkoop\n', '/ver\tkoop', '/verkoop\u0000', '/verkoop\u007f', '/verkoop%0A', '/verkoop%00', '/%0D%0Aevil'])(
    'refuses %j with a control character, also encoded',
    (value) => {
      expect(safeReturnPath(value, ORIGIN)).toBeUndefined();
    },
  );

  it('refuses a value that cannot be decoded', () => {
    expect(safeReturnPath('/verkoop%E0%A4%A', ORIGIN)).toBeUndefined();
  });
});

describe('safeReturnPath, encoded sign-in paths', () => {
  it.each(['/account%2Flogin', '/%61ccount/login', '/account/login%2F', '/%25252F%25252Fevil.example'])('refuses %s', (value) => {
    expect(safeReturnPath(value, 'http://localhost:4200')).toBeUndefined();
  });
});

describe('safeReturnPath, paths that dot segments turn into another host', () => {
  it.each([
    '/a/..//evil.example',
    '/.//evil.example',
    '/a/../\\evil.example',
    '/%2e%2e//evil.example',
    '/a/%2E%2E//evil.example/x',
    '/a%2F..%2F%2Fevil.example',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeUndefined();
  });
});

describe('safeReturnPath, a sign-in page that only a full decoding climbs out of', () => {
  it.each(['/account/%6C%6F%67%69%6E%63%61%6C%6C%62%61%63%6B%252F..', '/account/logincallback%252F..'])('refuses %j', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeUndefined();
  });
});
