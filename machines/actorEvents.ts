/** The placeholder of every actor: src/ supplies the real one with `machine.provide()`. */
export async function notProvided(): Promise<never> {
  throw new Error('actor not provided: supply it with machine.provide()');
}
