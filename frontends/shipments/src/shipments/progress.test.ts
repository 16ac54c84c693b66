import type { ProcessRunJson } from '@smista/contracts';
import { anyRunning, progressPercent, progressText, runProgress } from './progress';

const run = (over: Partial<ProcessRunJson>): ProcessRunJson => ({ id: 'r', status: 'running', total: 0, done: 0, succeeded: 0, failed: 0, startedAt: '', finishedAt: null, ...over });

describe('runProgress', () => {
  it('sums the running runs and ignores the finished one', () => {
    expect(runProgress([run({ done: 120, total: 1000 }), run({ status: 'finished', done: 5, total: 5 })])).toEqual({ done: 120, total: 1000 });
    expect(runProgress([run({ done: 10, total: 20 }), run({ done: 5, total: 30 })])).toEqual({ done: 15, total: 50 });
  });
  it('is null when none runs', () => {
    expect(runProgress([])).toBeNull();
    expect(runProgress(undefined)).toBeNull();
    expect(runProgress([run({ status: 'finished' })])).toBeNull();
  });
  it('never reports more done than total', () => {
    expect(runProgress([run({ done: 12, total: 10 })])).toEqual({ done: 10, total: 10 });
  });
});

describe('progressText and progressPercent', () => {
  it("reads 'Elaborazione 120 di 1000...' as the spec writes it", () => {
    expect(progressText({ done: 120, total: 1000 })).toBe('Elaborazione 120 di 1000...');
    expect(progressText({ done: 0, total: 0 })).toBe('Elaborazione in corso...');
    expect(progressText(null)).toBe('Elaborazione in corso...');
  });
  it('gives the bar width', () => {
    expect(progressPercent({ done: 120, total: 1000 })).toBe(12);
    expect(progressPercent({ done: 0, total: 0 })).toBeNull();
    expect(progressPercent(null)).toBeNull();
  });
  it('knows whether a run is going', () => {
    expect(anyRunning([run({ status: 'finished' })])).toBe(false);
    expect(anyRunning([run({})])).toBe(true);
  });
});
