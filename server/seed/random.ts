/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same
 * demo data on every machine and every run. Not for anything secret.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives 'a' three times as often. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** A normal deviate (Box-Muller), clamped to ±3.5 sd so no value is absurd. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
    return mean + sd * Math.max(-3.5, Math.min(3.5, z));
  }

  /**
   * k distinct items of the first `limit`, in random order: by rejection when few are
   * wanted, else a partial Fisher-Yates shuffle of a copy.
   */
  sample<T>(items: readonly T[], k: number, limit = items.length): T[] {
    if (k * 4 < limit) {
      const chosen = new Set<number>();
      while (chosen.size < k) chosen.add(Math.floor(this.next() * limit));
      return [...chosen].map((i) => items[i] as T);
    }
    const copy = items.slice(0, limit);
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  /** A new generator whose stream does not depend on how much of this one was used later. */
  fork(): Random {
    return new Random(Math.floor(this.next() * 4294967296));
  }
}
