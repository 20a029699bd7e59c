/** The spread of one figure over the runs. */
export interface Spread {
  runs: number;
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
}

/** Linear-interpolated quantile of sorted values (q in 0..1). */
function quantile(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

export function spread(values: number[]): Spread {
  if (values.length === 0) throw new Error('spread of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

export function median(values: number[]): number {
  return spread(values).median;
}

/** A time as the bench prints it. */
export function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

export function spreadText(s: Spread, format: (value: number) => string = ms): string {
  return `${format(s.median)} [p25–p75 ${format(s.p25)}–${format(s.p75)}, min–max ${format(s.min)}–${format(s.max)}]`;
}
