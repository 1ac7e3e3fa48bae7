// Seeded randomness for the seed: the same seed string always gives the same stream, so the
// London catalogue is identical on every machine and every run. Never Math.random here.

/** 32-bit FNV-1a hash, used to turn a seed string into generator state. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** sfc32: small, fast, and passes PractRand far beyond what a seed needs. */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Float in [min, max). */
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: T[]): T[];
  /** Roughly normal (sum of three uniforms), mean 0, sd about 1. */
  normal(): number;
  /** An independent stream derived from this seed and a label. */
  fork(label: string): Random;
}

export function createRandom(seed: string): Random {
  const h = hashString(seed);
  const raw = sfc32(h, hashString(`${seed}#b`), hashString(`${seed}#c`), 1);
  // Warm up: the first outputs of sfc32 still correlate with the seed words.
  for (let i = 0; i < 15; i++) raw();
  const random: Random = {
    next: raw,
    int: (min, max) => min + Math.floor(raw() * (max - min + 1)),
    float: (min, max) => min + raw() * (max - min),
    chance: (p) => raw() < p,
    pick: (items) => {
      if (items.length === 0) throw new RangeError("pick from an empty list");
      return items[Math.floor(raw() * items.length)]!;
    },
    weighted: (items, weight) => {
      let total = 0;
      for (const item of items) total += weight(item);
      let roll = raw() * total;
      for (const item of items) {
        roll -= weight(item);
        if (roll < 0) return item;
      }
      return items[items.length - 1]!;
    },
    sample: (items, count) => random.shuffle([...items]).slice(0, count),
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(raw() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
    normal: () => (raw() + raw() + raw() - 1.5) * 2,
    fork: (label) => createRandom(`${seed}/${label}`),
  };
  return random;
}
