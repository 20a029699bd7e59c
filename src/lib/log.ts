/** Logs the technical side of a failure for developers; people see a Dutch message instead. */
export function logError(area: string, error: unknown): void {
  console.error(`[${area}]`, error);
}

export function logWarning(area: string, message: string, detail?: unknown): void {
  console.warn(`[${area}] ${message}`, detail ?? '');
}
