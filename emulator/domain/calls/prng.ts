// Generated traffic must be the same for the same seed on every machine and every run, so it
// draws from this small seeded generator, never from Math.random.

/** Mulberry32: a 32-bit seeded generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A generator for any safe integer seed: both 32-bit halves count, so 1 and 2^32 + 1 differ. */
export function seededRandom(seed: number): () => number {
  const high = Math.floor(seed / 4_294_967_296) >>> 0;
  return mulberry32((seed >>> 0) ^ Math.imul(high, 0x9e3779b1));
}

/** An integer in [0, n) drawn from `random`. */
export function below(random: () => number, n: number): number {
  return Math.floor(random() * n);
}
