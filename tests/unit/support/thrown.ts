/** The error of class `type` that `run` throws; anything else thrown passes through, and throwing nothing fails. */
export function thrown<E extends Error>(type: abstract new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}, nothing was thrown`);
}
