import type { SessionTenant } from '../abp/session.ts';

/** An environment as staff know it: its name, with its short name after it only where the two differ ("Noord BV (noord)"). */
export function environmentName(tenant: SessionTenant): string {
  return tenant.name === tenant.tenancyName ? tenant.name : `${tenant.name} (${tenant.tenancyName})`;
}
