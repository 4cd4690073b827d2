/**
 * Runs `work` on each item, at most `limit` at a time, in the items' order. Once one fails no
 * other is started; those in flight are waited for, and the first failure is thrown, so that
 * nothing of the work goes on after the caller learns of it.
 */
export async function forEachAtOnce<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>
): Promise<void> {
  let next = 0
  let failure: { error: unknown } | undefined
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const item = items[next++]
      try {
        await work(item)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failure) throw failure.error
}
