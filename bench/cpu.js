// @ts-check
/**
 * CPU per process from /proc, for the benches (`bench/run.js`, `bench/carriers.js`): on a shared
 * machine throughput moves with the neighbours' load; CPU per request is the steadier figure.
 */
const fs = require('node:fs');
const path = require('node:path');


const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU time (ms) a process has used so far; 0 when it is gone or not on Linux. */
function cpuMs(/** @type {number} */ pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The postmaster of a data folder and its backends (children). */
function postgresPids(/** @type {string} */ dataDir) {
  try {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  } catch {
    return [];
  }
}

/**
 * CPU (ms) used by each group of processes during `run`. The groups are listed again afterwards, so
 * a PostgreSQL backend that started during the run counts whole; one that ended during it counts
 * nothing (its last figures are gone with it) rather than a negative amount.
 * @template T @param {() => Record<string, number[]>} groups @param {() => Promise<T>} run
 */
async function withCpu(groups, run) {
  const before = new Map();
  for (const pids of Object.values(groups())) for (const pid of pids) before.set(pid, cpuMs(pid));
  const result = await run();
  /** @type {Record<string, number>} */
  const cpu = {};
  for (const [name, pids] of Object.entries(groups())) {
    cpu[name] = pids.reduce((sum, pid) => {
      const now = cpuMs(pid);
      return sum + (now === 0 ? 0 : Math.max(0, now - (before.get(pid) ?? 0)));
    }, 0);
  }
  return { result, cpu };
}

module.exports = { cpuMs, postgresPids, withCpu };
