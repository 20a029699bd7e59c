import { describe, expect, it } from 'vitest';
import { abpHeaders, type AbpHeaderSource } from '../../src/abp/headers.ts';

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

  it('combines tenant, culture and token in one set of headers', () => {
    expect(abpHeaders({ tenantHeaderName: 'Abp-TenantId', tenantId: 3, cultureName: 'nl', token: 't' })).toEqual({
      '.AspNetCore.Culture': 'c=nl|uic=nl',
      'Abp-TenantId': '3',
      Authorization: 'Bearer t',
    });
  });
});
