import { cpuPressure, describeLoad, machineLoad, MAX_SLOWDOWN, ScaledDeadline, waitFor, type MachineLoad } from './machine-load';

const PSI = `some avg10=63.20 avg60=40.00 avg300=10.00 total=123
full avg10=0.00 avg60=0.00 avg300=0.00 total=0
`;

test('CPU pressure is read from the kernel’s PSI line, and is null where there is none', () => {
  expect(cpuPressure(() => PSI)).toBeCloseTo(0.632);
  expect(
    cpuPressure(() => {
      throw new Error('ENOENT');
    }),
  ).toBeNull();
  expect(cpuPressure(() => 'rubbish')).toBeNull();
});

test('the slowdown is the larger of load per core and CPU pressure, between 1 and the cap', () => {
  expect(machineLoad({ loadavg: () => [0.4], cores: 2, pressure: () => 0 }).factor).toBe(1);
  expect(machineLoad({ loadavg: () => [8], cores: 2, pressure: () => null }).factor).toBe(4);
  expect(machineLoad({ loadavg: () => [1], cores: 2, pressure: () => 0.8 }).factor).toBeCloseTo(5);
  expect(machineLoad({ loadavg: () => [100], cores: 2, pressure: () => 0.999 }).factor).toBe(MAX_SLOWDOWN);
  expect(describeLoad({ factor: 7, load1: 14.24, cores: 2, cpuPressure: 0.876 })).toBe('carico 14,2 su 2 core, CPU contesa 88 %');
  expect(describeLoad({ factor: 1, load1: 0.5, cores: 2, cpuPressure: null })).toBe('carico 0,5 su 2 core');
});

/** A deadline on a fake clock and a scripted load. */
function clocked(budgetMs: number, factor: () => number) {
  let t = 1_000_000;
  const load = (): MachineLoad => ({ factor: factor(), load1: factor() * 2, cores: 2, cpuPressure: null });
  const deadline = new ScaledDeadline(budgetMs, load, () => t);
  return { deadline, advance: (ms: number) => (t += ms) };
}

test('on a quiet machine the budget is wall time', () => {
  const { deadline, advance } = clocked(30_000, () => 1);
  advance(29_000);
  expect(deadline.expired()).toBe(false);
  advance(1_000);
  expect(deadline.expired()).toBe(true);
  expect(deadline.describe()).toBe('30 s');
});

test('on a busy machine the same budget lasts longer, in proportion to the load', () => {
  let factor = 4;
  const { deadline, advance } = clocked(30_000, () => factor);
  advance(100_000);
  expect(deadline.expired()).toBe(false); // 25 s of quiet time
  factor = 1;
  advance(4_000);
  expect(deadline.expired()).toBe(false); // 29 s
  advance(1_000);
  expect(deadline.expired()).toBe(true);
  expect(deadline.describe()).toBe('105 s (30 s a macchina scarica; carico 8 su 2 core nel momento peggiore)');
});

test('however busy the machine, a wait ends after ten times its budget', () => {
  const { deadline, advance } = clocked(1_000, () => 1_000);
  advance(9_999);
  expect(deadline.expired()).toBe(false);
  advance(1);
  expect(deadline.expired()).toBe(true);
});

test('waitFor answers the first value the check gives, and names what it waited for when time runs out', async () => {
  let calls = 0;
  expect(await waitFor('the third call', () => (++calls === 3 ? `call ${calls}` : false), 5_000, 1)).toBe('call 3');
  expect(await waitFor('zero is a value', () => 0, 1_000, 1)).toBe(0);
  await expect(waitFor('something that never comes', () => null, 50, 5)).rejects.toThrow(/^tempo scaduto dopo \d+ s.* aspettando something that never comes$/);
});
