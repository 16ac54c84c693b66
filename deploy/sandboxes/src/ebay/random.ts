/*
 * A small seeded PRNG for the order generator. Not cryptographic: it only has to give the same
 * orders for the same seed on every machine, fast (10,000 orders well under a second).
 */

/** A 32-bit hash of a text (FNV-1a), so any seed (a username, "42") becomes a PRNG state. */
export function hashSeed(seed: string | number): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Deterministic draws from one seed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of `options`, drawn with the given weights (which need not sum to 1). */
  weighted<T>(options: readonly (readonly [T, number])[]): T;
  /** `length` characters drawn from `alphabet`. */
  chars(length: number, alphabet: string): string;
  /** `length` decimal digits, the first never 0. */
  digits(length: number): string;
}

// Held locally: under jest's sandboxed globals every `Math.…` lookup in the hot loop costs ~40×.
const imul = Math.imul;
const floor = Math.floor;

/** mulberry32: one 32-bit state, good spread for test data. */
export function createRandom(seed: string | number): Random {
  let state = hashSeed(seed) | 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + floor(next() * (max - min + 1));
  const chars = (length: number, alphabet: string) => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[floor(next() * alphabet.length)];
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[floor(next() * items.length)]!,
    weighted: (options) => {
      const total = options.reduce((sum, [, w]) => sum + w, 0);
      let draw = next() * total;
      for (const [value, weight] of options) {
        draw -= weight;
        if (draw < 0) return value;
      }
      return options[options.length - 1]![0];
    },
    chars,
    digits: (length) => chars(1, '123456789') + chars(length - 1, '0123456789'),
  };
}
