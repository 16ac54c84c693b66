// @ts-check
/** The bench's guard: the recorded table and the figures agree, and a move of more than a third is named. */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { FIGURES, compare, parseRecorded, readCurrent, withRecorded } = require('./compare');

const results = fs.readFileSync(path.join(__dirname, 'RESULTS.md'), 'utf8');

describe('the recorded figures in RESULTS.md', () => {
  it('has one row per figure the guard compares, and no other', () => {
    const recorded = parseRecorded(results);
    for (const figure of FIGURES) expect({ figure: figure.key, recorded: recorded.has(figure.key) }).toEqual({ figure: figure.key, recorded: true });
    expect([...recorded.keys()].sort()).toEqual(FIGURES.map((f) => f.key).sort());
  });

  it('names each figure by a bench script that writes the file it reads', () => {
    for (const figure of FIGURES) {
      const script = /\(bench\/([\w-]+\.js)/.exec(figure.what)?.[1];
      expect({ figure: figure.key, script }).toEqual({ figure: figure.key, script: expect.any(String) });
      const source = fs.readFileSync(path.join(__dirname, /** @type {string} */ (script)), 'utf8');
      expect({ figure: figure.key, writes: source.includes(`'${figure.file}'`) }).toEqual({ figure: figure.key, writes: true });
    }
  });
});

it('looks rows up by the names the bench scripts give them', () => {
  const source = (/** @type {string} */ script) => fs.readFileSync(path.join(__dirname, script), 'utf8');
  const names = {
    'run.js': ['GET /api/user', 'POST /api/login'],
    'carriers.js': ['through carriers (gRPC CreateLabel)'],
    'orders.js': ['GET /api/orders', '?status=TO_SHIP&sortBy=total', '?search=rossi', '?marketplace&startDate&search'],
    'load.js': ['GET /api/orders'],
  };
  for (const [script, list] of Object.entries(names)) for (const name of list) expect({ script, name, found: source(script).includes(`'${name}'`) }).toEqual({ script, name, found: true });
  const compare = source('compare.js');
  for (const list of Object.values(names)) for (const name of list) expect({ name, usedByCompare: compare.includes(`'${name}'`) }).toEqual({ name, usedByCompare: true });
});

describe('compare', () => {
  const recorded = new Map([
    ['orders.import.rate', { value: 0.04, recorded: '2026-11-27' }],
    ['load.gateway.cpu', { value: 4, recorded: '2026-11-23' }],
    ['orders.rules.assign', { value: 10, recorded: '2026-11-23' }],
  ]);
  const verdictOf = (/** @type {Map<string, number>} */ current, /** @type {string} */ key) => compare(recorded, current).find((r) => r.figure.key === key)?.verdict;

  it('names a figure that got worse by more than a third, in its own direction', () => {
    expect(verdictOf(new Map([['orders.import.rate', 0.025]]), 'orders.import.rate')).toBe('WORSE by more than a third');
    expect(verdictOf(new Map([['load.gateway.cpu', 5.5]]), 'load.gateway.cpu')).toBe('WORSE by more than a third');
  });

  it('names a figure that got better by more than a third', () => {
    expect(verdictOf(new Map([['orders.import.rate', 0.07]]), 'orders.import.rate')).toBe('better by more than a third');
    expect(verdictOf(new Map([['load.gateway.cpu', 2]]), 'load.gateway.cpu')).toBe('better by more than a third');
  });

  it('leaves alone a move within a third, and says what was not measured or is new', () => {
    expect(verdictOf(new Map([['orders.rules.assign', 12.9]]), 'orders.rules.assign')).toBe('within a third');
    expect(verdictOf(new Map([['orders.rules.assign', 7]]), 'orders.rules.assign')).toBe('within a third');
    expect(verdictOf(new Map(), 'orders.rules.assign')).toBe('not measured');
    expect(verdictOf(new Map([['firstLoad.auth.kb', 230]]), 'firstLoad.auth.kb')).toBe('new');
  });
});

describe('readCurrent', () => {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-compare-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (/** @type {string} */ file, /** @type {unknown} */ json) => fs.writeFileSync(path.join(dir, file), JSON.stringify(json));

  it('derives each figure as a ratio to its run’s own baseline, from the JSON the benches write', () => {
    const at = new Date().toISOString();
    write('orders.json', {
      at,
      import: { bareOrdersPerSecond: 10_000, endToEndOrdersPerSecond: 700 },
      rules: { previewMs: 200, assignMs: 2_000 },
      list: [
        { name: 'bare Express handler', p99: 10 },
        { name: 'GET /api/orders', p99: 40 },
        { name: '?status=TO_SHIP&sortBy=total', p99: 50 },
        { name: '?search=rossi', p99: 60 },
        { name: '?marketplace&startDate&search', p99: 200 },
      ],
    });
    write('load.json', {
      date: at,
      cpuUsPerRequest: { gateway: 600 },
      bare: { cpuUsPerRequest: { bare: 300 } },
      routes: [
        { route: 'bare Express handler', p99: 2 },
        { route: 'GET /api/orders', p99: 30 },
      ],
    });
    write('first-load.json', { at, rows: [{ url: 'http://127.0.0.1:1/auth', transferred: 2048 }] });
    write('carriers.json', {
      at,
      labels: {
        serviceVsDirect: 0.25,
        rows: [
          { name: 'direct to the sandbox (10 connections)', cpuUsPerLabel: { carriers: 20, sandbox: 2_000 } },
          { name: 'through carriers (gRPC CreateLabel)', cpuUsPerLabel: { carriers: 2_500, sandbox: 2_100 } },
        ],
      },
    });
    const current = readCurrent(dir, Date.now() - 60_000);
    expect(Object.fromEntries(current)).toEqual({
      'orders.import.rate': 0.07,
      'orders.rules.assign': 10,
      'orders.list.plain.p99': 4,
      'orders.list.status.p99': 5,
      'orders.list.search.p99': 6,
      'orders.list.dates.p99': 20,
      'load.gateway.cpu': 2,
      'load.orders.p99': 15,
      'firstLoad.auth.kb': 2,
      'carriers.labels.wall': 1.25,
      'carriers.labels.cpu': 1.25,
    });
  });

  it('leaves out a file written before this run started', () => {
    write('carriers.json', { at: new Date(Date.now() - 3_600_000).toISOString(), labels: { serviceVsDirect: 0.25 } });
    expect(readCurrent(dir, Date.now() - 60_000).has('carriers.labels.wall')).toBe(false);
  });
});

describe('withRecorded', () => {
  it('writes this run’s figures and keeps the others as recorded, and reads back the same', () => {
    const before = parseRecorded(results);
    const after = parseRecorded(withRecorded(results, before, new Map([['orders.import.rate', 0.0712345]]), '2026-12-01'));
    expect(after.get('orders.import.rate')).toEqual({ value: 0.07123, recorded: '2026-12-01' });
    for (const [key, value] of before) if (key !== 'orders.import.rate') expect(after.get(key)).toEqual(value);
  });
});
