import { logError } from '../lib/log.ts';

/**
 * A handover under way, as this tab knows it (HandoverPanel):
 * - `new`: the environment was just made; its built-in admin still has the server's default password, no code yet;
 * - `sending`: the code is shown and kept, and `User/ChangePassword` went out with it, its answer not (yet) heard: the code may be in force;
 * - `in-force`: ABP said the code is the built-in admin's password; it stays so until the handover is done.
 */
export interface Handover {
  firstAdminEmail: string;
  stage: 'new' | 'sending' | 'in-force';
  code?: string;
}

// In sessionStorage, one entry per environment of one backend: it outlives a
// reload, so a code that may be in force is never forgotten while the tab
// lives, and goes with the tab (never localStorage: the code opens an
// environment). Cleared when the handover is done. A browser that refuses
// sessionStorage keeps it in memory, as before.
const PREFIX = 'handover:';
const memory = new Map<string, string>();

function keyOf(backend: string, tenantId: number): string {
  return `${PREFIX}${backend}#${String(tenantId)}`;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function isHandover(value: unknown): value is Handover {
  if (typeof value !== 'object' || value === null) return false;
  const { firstAdminEmail, stage, code } = value as Record<string, unknown>;
  return typeof firstAdminEmail === 'string' && (stage === 'new' || stage === 'sending' || stage === 'in-force') && (code === undefined || typeof code === 'string');
}

/** The handover of the environment `tenantId` at `backend` (ABP's address), if one is under way in this tab. */
export function readHandover(backend: string, tenantId: number): Handover | undefined {
  const key = keyOf(backend, tenantId);
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(key);
  } catch (error) {
    logError('handover', error);
  }
  text ??= memory.get(key) ?? null;
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isHandover(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Kept before anything is sent with it. */
export function keepHandover(backend: string, tenantId: number, handover: Handover): void {
  const key = keyOf(backend, tenantId);
  const text = JSON.stringify(handover);
  memory.set(key, text);
  try {
    storage()?.setItem(key, text);
  } catch (error) {
    // Full or refused: memory holds it until the tab closes.
    logError('handover', error);
  }
}

/** The handover is done: its code works no more. */
export function forgetHandover(backend: string, tenantId: number): void {
  const key = keyOf(backend, tenantId);
  memory.delete(key);
  try {
    storage()?.removeItem(key);
  } catch (error) {
    logError('handover', error);
  }
}
