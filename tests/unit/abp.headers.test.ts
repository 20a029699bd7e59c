import { describe, expect, it } from 'vitest';
import { abpHeaders, withCulture, type AbpHeaderSource } from '../../src/abp/headers.ts';

const base: AbpHeaderSource = { tenantHeaderName: 'Abp-TenantId', tenantId: undefined, cultureName: 'nl', token: undefined };

describe('abpHeaders', () => {
  it('sends no tenant header at all without a tenant id, never the string "null"', () => {
    const headers = abpHeaders(base);
    expect(Object.keys(headers)).toEqual(['.AspNetCore.Culture']);
    expect(Object.values(headers)).not.toContain('null');
  });

  it('sends the tenant id under the default header name Abp-TenantId', () => {
    expect(abpHeaders({ ...base, tenantId: 7 })['Abp-TenantId']).toBe('7');
  });

  it('sends the tenant id under the legacy name Abp.TenantId when configured so', () => {
    const headers = abpHeaders({ ...base, tenantHeaderName: 'Abp.TenantId', tenantId: 12 });
    expect(headers['Abp.TenantId']).toBe('12');
    expect(headers).not.toHaveProperty('Abp-TenantId');
  });

  it('sends the culture as c=nl|uic=nl by default', () => {
    expect(abpHeaders(base)['.AspNetCore.Culture']).toBe('c=nl|uic=nl');
  });

  it('sends another culture in the same form', () => {
    expect(abpHeaders({ ...base, cultureName: 'en-US' })['.AspNetCore.Culture']).toBe('c=en-US|uic=en-US');
  });

  it('sends a bearer token only when one is held', () => {
    expect(abpHeaders({ ...base, token: 'abc.def' }).Authorization).toBe('Bearer abc.def');
    expect(abpHeaders({ ...base, token: undefined })).not.toHaveProperty('Authorization');
    expect(abpHeaders({ ...base, token: '' })).not.toHaveProperty('Authorization');
  });

  it("combines tenant and token in one set of headers, the culture in the query then (ABP saves a signed-in header's)", () => {
    const withToken: AbpHeaderSource = { tenantHeaderName: 'Abp-TenantId', tenantId: 3, cultureName: 'nl', token: 't' };
    expect(abpHeaders(withToken)).toEqual({ 'Abp-TenantId': '3', Authorization: 'Bearer t' });
    expect(withCulture('AbpUserConfiguration/GetAll', withToken)).toBe('AbpUserConfiguration/GetAll?culture=nl');
  });

  // ABP saves a signed-in person's culture header or cookie when he has no language saved, never Accept-Language
  // (abp-recorded/userconfiguration.json monteur-1-culture-en-US-saves, admin-1-accept-language-en).
  it("asked for the person's own language, names this device's only in Accept-Language, which ABP never saves", () => {
    const withToken: AbpHeaderSource = { ...base, cultureName: 'en', token: 't' };
    expect(abpHeaders(withToken, true)).toEqual({ 'Accept-Language': 'en', Authorization: 'Bearer t' });
    expect(withCulture('AbpUserConfiguration/GetAll', withToken, true)).toBe('AbpUserConfiguration/GetAll');
  });

  it('keeps a path as it is without a token, and adds to a query that is there', () => {
    expect(withCulture('api/services/app/User/Get?Id=5', base)).toBe('api/services/app/User/Get?Id=5');
    expect(withCulture('api/services/app/User/Get?Id=5', { ...base, token: 't', cultureName: 'en-US' })).toBe(
      'api/services/app/User/Get?Id=5&culture=en-US',
    );
  });
});
