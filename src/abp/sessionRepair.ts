/**
 * Who repairs a session whose backend token the server refused in the
 * middle of the work (401): the token lifecycle registers itself once the
 * person is signed in. It resolves true when a new token is held (renewed
 * silently, or after signing in again in a popup), false otherwise.
 */
type Repair = () => Promise<boolean>;

let repair: Repair | undefined;
let running: Promise<boolean> | undefined;

export function registerSessionRepair(handler: Repair | undefined): void {
  repair = handler;
}

/** One repair at a time: calls that fail together wait for the same one. */
export function repairSession(): Promise<boolean> {
  if (!repair) return Promise.resolve(false);
  running ??= repair().finally(() => {
    running = undefined;
  });
  return running;
}
