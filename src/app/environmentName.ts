/**
 * An environment as staff know it, one form on every screen: its name
 * ("Isolatie Noord"). Its short name ("Noord") only where someone types it
 * (choosing an environment at sign-in) or must tell it to someone who will.
 */
export function environmentName(tenant: { name: string }): string {
  return tenant.name;
}
