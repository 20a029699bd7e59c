import { onForgetPerson } from '../auth/leaveTab.ts';
import { bootContext, currentConfigOf, type BootSnapshot } from '../boot/bootActor.ts';
import { logError } from '../lib/log.ts';
import { HANDOVER_PREFIX } from '../lib/storageKeys.ts';
import { distinctCodes } from '../management/handover.ts';

/**
 * A handover under way, as this tab knows it (HandoverPanel):
 * - `new`: the environment was just made; its built-in admin still has the server's default password, no code yet;
 * - `sending`: the code is shown and kept, and `User/ChangePassword` went out with it, its answer not (yet) heard: the code may be in force;
 * - `in-force`: ABP said the code is the built-in admin's password; it stays so until the handover is done.
 */
export interface Handover {
  firstAdminEmail: string;
  stage: 'new' | 'sending' | 'in-force';
  /** The code shown: the one sent last, or the one ABP confirmed. None once the host said he has it noted (`noted`). */
  code?: string;
  /** Other codes that may be the built-in admin's password (kept, or typed over a kept one), until ABP confirmed one: never dropped before. */
  others?: string[];
  /** The host said he has the code in force noted: the tab keeps it no longer, and the field wants it typed. */
  noted?: boolean;
}

/** Whose handover it is: the backend (ABP's address) and the person signed in there, who alone sees the codes kept for him. */
export interface HandoverHolder {
  backend: string;
  person: string;
}

// In sessionStorage, one entry per environment of one backend and person: it
// outlives a reload, so a code that may be in force is never forgotten while
// the person is signed in in this tab, and goes with the tab or the person
// (every sign-out clears it, auth/leaveTab.ts; never localStorage: the code
// opens an environment). Cleared when the handover is done, and a code in
// force once the host said he has it. A browser that refuses sessionStorage
// keeps it in memory, which the sign-out clears too.
const memory = new Map<string, string>();
onForgetPerson(() => memory.clear());

function keyOf({ backend, person }: HandoverHolder, tenantId: number): string {
  return `${HANDOVER_PREFIX}${backend}#${String(tenantId)}@${person}`;
}

/** The key before handovers were kept per person: a tab open across the update still has its code under it. */
function legacyKeyOf({ backend }: HandoverHolder, tenantId: number): string {
  return `${HANDOVER_PREFIX}${backend}#${String(tenantId)}`;
}

/** The signed-in person's handovers at this backend: ABP's user, with his environment (none: the host), as start-up holds them now. */
export function handoverHolder(boot: BootSnapshot): HandoverHolder {
  const session = bootContext(boot).session;
  const person = session?.user ? `${session.tenant ? String(session.tenant.id) : 'host'}.${String(session.user.id)}` : 'nobody';
  return { backend: currentConfigOf(boot).remoteServiceBaseUrl, person };
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
  const { firstAdminEmail, stage, code, others, noted } = value as Record<string, unknown>;
  return (
    typeof firstAdminEmail === 'string' &&
    (stage === 'new' || stage === 'sending' || stage === 'in-force') &&
    (code === undefined || typeof code === 'string') &&
    (others === undefined || (Array.isArray(others) && others.every((other) => typeof other === 'string'))) &&
    (noted === undefined || typeof noted === 'boolean')
  );
}

function readText(key: string): string | undefined {
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(key);
  } catch (error) {
    logError('handover', error);
  }
  return text ?? memory.get(key);
}

function parse(text: string | undefined): Handover | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isHandover(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The handover of the environment `tenantId` this person has under way in this tab, if any. */
export function readHandover(holder: HandoverHolder, tenantId: number): Handover | undefined {
  const kept = parse(readText(keyOf(holder, tenantId)));
  if (kept) return kept;
  // Kept before codes were kept per person: the person in the tab now takes it over (a code that may be in force is never lost).
  const legacy = parse(readText(legacyKeyOf(holder, tenantId)));
  if (legacy) {
    keepHandover(holder, tenantId, legacy);
    remove(legacyKeyOf(holder, tenantId));
  }
  return legacy;
}

/** Kept before anything is sent with it. */
export function keepHandover(holder: HandoverHolder, tenantId: number, handover: Handover): void {
  const key = keyOf(holder, tenantId);
  const text = JSON.stringify(handover);
  memory.set(key, text);
  try {
    storage()?.setItem(key, text);
  } catch (error) {
    // Full or refused: memory holds it until the tab closes.
    logError('handover', error);
  }
}

function remove(key: string): void {
  memory.delete(key);
  try {
    storage()?.removeItem(key);
  } catch (error) {
    logError('handover', error);
  }
}

/** The handover is done: its code works no more. */
export function forgetHandover(holder: HandoverHolder, tenantId: number): void {
  remove(keyOf(holder, tenantId));
}

/** Every code the handover keeps that may open the built-in admin: the one shown first, then the others, each once. */
export function keptCodes(handover: Handover | undefined): string[] {
  return distinctCodes([handover?.code ?? '', ...(handover?.others ?? [])]);
}

/**
 * "Code controleren en doorgaan", after an answer that never came: the codes
 * to try, in order (the kept ones, then the one typed, each once: every
 * refused try counts against ABP's lockout), the code to put in force if none
 * opens him (the one typed; an empty field, the kept one), and what is kept
 * before anything is tried: every one of them, until ABP confirms one.
 */
export function checkPlan(kept: Handover, typed: string): { tries: string[]; next: string | undefined; keep: Handover } {
  const tries = distinctCodes([...keptCodes(kept), typed]);
  const next = typed.trim() || tries[0];
  return { tries, next, keep: { ...kept, stage: 'sending', code: next, others: tries.filter((code) => code !== next), noted: undefined } };
}

/**
 * "Beheerrechten geven": with the codes to try (the kept ones first, which
 * ABP confirmed, then the one typed); or, with none kept and none typed,
 * a new code put in force first where the built-in admin still has the
 * default password (an environment made before the app did this); or, with
 * a code in force that the tab no longer keeps (the host has it noted), a
 * question for it: never a new code while one may be in force.
 */
export type GivePlan = { kind: 'try'; codes: string[] } | { kind: 'secure-first' } | { kind: 'ask-code' };

export function givePlan(kept: Handover | undefined, typed: string): GivePlan {
  const codes = distinctCodes([...keptCodes(kept), typed]);
  if (codes.length > 0) return { kind: 'try', codes };
  return kept === undefined || kept.stage === 'new' ? { kind: 'secure-first' } : { kind: 'ask-code' };
}

/** ABP confirmed `code`: the only one kept from now on, unless the host has it noted (then none). */
export function confirmed(kept: Handover | undefined, firstAdminEmail: string, code: string): Handover {
  return kept?.noted ? { firstAdminEmail, stage: 'in-force', noted: true } : { firstAdminEmail, stage: 'in-force', code };
}
