import type { Sizes } from '../measure/compress.ts';
import type { Machine } from '../measure/machine.ts';
import type { ChunkRow } from '../measure/sizes.ts';
import type { Spread } from '../measure/stats.ts';
import type { LighthouseMeasurements } from '../lighthouse/measure.ts';
import type { LongTaskMeasurements } from '../measure/longTasks.ts';

// What the figures make of the measurements, and what the report shows and
// docs/performance.json keeps.

/** One line of the results table. */
export interface Figure {
  id: string;
  label: string;
  /** The measured value, formatted ("131.2 KB", "74 ms [70–80]"). */
  value: string;
  budget: string;
  /** Undefined when the figure has no budget (reported only). */
  pass?: boolean;
}

export interface Report {
  date: string;
  command: string;
  revision: string;
  machine: Machine;
  runs: number;
  figures: Figure[];
  initialFiles: { file: string; sizes: Sizes; seenInRuns: number }[];
  staticInitialFiles: { file: string; sizes: Sizes }[];
  chunks: ChunkRow[];
  floor: { imports: string[]; sizes: Sizes };
  latencyFloor: {
    latencyMs: number;
    boot0: number;
    chainDelta: { appconfig: number; getAll: number; session: number };
    floor: number;
    boot: number;
  };
  timings: Record<string, Record<string, Spread>>;
  /** The start's main-thread tasks at the mobile CPU slowdown, beside the floor page's (absent from reports written before they were measured). */
  longTasks?: LongTaskMeasurements;
  lighthouse: LighthouseMeasurements;
  /** When the lines of Gebruikers among many staff were measured: with the rest, or alone (`--only search`). */
  search?: { date: string; revision: string; runs: number; load: { start: number; end: number } };
}
