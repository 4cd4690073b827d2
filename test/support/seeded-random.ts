/**
 * Numbers from xorshift32 and a fixed seed: the same generated inputs on every run, so that a
 * failure names an input that fails again. Each call returns the next number below `limit`.
 */
export function seededRandom(seed: number): (limit: number) => number {
  let state = seed
  return (limit) => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) % limit
  }
}
