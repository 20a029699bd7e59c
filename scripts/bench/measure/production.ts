/**
 * Runs a Vite build with NODE_ENV=production. Vite takes React's build flavour
 * from NODE_ENV, and Vitest sets it to "test", which would measure React's
 * development build.
 */
export async function withProductionEnv<T>(run: () => Promise<T>): Promise<T> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await run();
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
