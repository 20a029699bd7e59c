import { describe, expect, it } from 'vitest';
import { blockingFromCpuTime, cpuShareOf, taskTimes } from '../../scripts/bench/lighthouse/mainThread.ts';

// Trace times are in microseconds.
const ms = (value: number) => value * 1000;

describe("the bench's reading of a Lighthouse run's main thread", () => {
  it('counts blocking from CPU time times the slowdown, what lies over 50 ms, from the first contentful paint on', () => {
    const fcp = ms(100);
    const tasks = [
      { ts: ms(50), dur: ms(40), tdur: ms(30) }, // before the first paint: not counted, however long
      { ts: ms(120), dur: ms(40), tdur: ms(20) }, // 20 ms of CPU x 4 = 80: 30 over the line
      { ts: ms(200), dur: ms(60), tdur: ms(5) }, // 55 ms of wall, 5 of CPU: the waiting is not the page's work
      { ts: ms(300), dur: ms(12), tdur: ms(12.5) }, // exactly 50 ms at 4x: nothing over
      { ts: ms(400), dur: ms(15) }, // no thread time recorded: the wall time stands in, 60 at 4x
    ];
    expect(blockingFromCpuTime(tasks, fcp, 4)).toBeCloseTo(30 + 10, 6);
    expect(blockingFromCpuTime(tasks, fcp, 1)).toBe(0);
  });

  it('gives the CPU share of the tasks, and 1 where there are none', () => {
    expect(
      cpuShareOf([
        { ts: 0, dur: ms(40), tdur: ms(10) },
        { ts: ms(50), dur: ms(10), tdur: ms(10) },
      ]),
    ).toBeCloseTo(0.4, 6);
    expect(cpuShareOf([])).toBe(1);
  });
});

describe("a Lighthouse task's times", () => {
  it('takes the wall time from the task and the thread time from a complete event or from a begin/end pair', () => {
    expect(taskTimes({ event: { ts: 5, tdur: 700 }, duration: 1.5 })).toEqual({ ts: 5, dur: 1500, tdur: 700 });
    expect(taskTimes({ event: { ts: 5, tts: 100 }, endEvent: { ts: 2005, tts: 900 }, duration: 2 })).toEqual({
      ts: 5,
      dur: 2000,
      tdur: 800,
    });
    expect(taskTimes({ event: { ts: 5 }, endEvent: { ts: 2005 }, duration: 2 })).toEqual({ ts: 5, dur: 2000 });
  });
});
