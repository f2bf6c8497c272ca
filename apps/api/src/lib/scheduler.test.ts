import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PeriodicJob, startPeriodicJobs } from './scheduler';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function job(everyMs: number, run: () => Promise<void> = async () => {}): PeriodicJob & { runs: () => number } {
  let runs = 0;
  return {
    name: 'test job',
    everyMs,
    run: () => {
      runs += 1;
      return run();
    },
    runs: () => runs,
  };
}

describe('periodic jobs', () => {
  it('run once at start, then every period, until stopped', async () => {
    const sweep = job(30_000);
    const stop = startPeriodicJobs([sweep], () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(sweep.runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sweep.runs()).toBe(3);
    await stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sweep.runs()).toBe(3);
  });

  it('with a period of 0 run only at start', async () => {
    const once = job(0);
    const stop = startPeriodicJobs([once], () => {});
    await vi.advanceTimersByTimeAsync(600_000);
    expect(once.runs()).toBe(1);
    await stop();
  });

  it('never overlap a run still in progress, and stop waits for it', async () => {
    let finish = () => {};
    const slow = job(1_000, () => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startPeriodicJobs([slow], () => {});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow.runs()).toBe(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('log a failed run, throw nothing, and run again on time', async () => {
    const log = vi.fn();
    const failing = job(1_000, async () => {
      throw new Error('database unreachable');
    });
    const stop = startPeriodicJobs([failing], log);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(failing.runs()).toBe(2);
    expect(log).toHaveBeenCalledWith('test job failed: database unreachable');
    await stop();
  });
});
