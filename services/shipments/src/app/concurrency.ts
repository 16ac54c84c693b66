/**
 * Runs `fn` over the items with at most `limit` at once, in order of start; answers the results in
 * the items' order. `shouldStop` is asked before each start: once it says so, no new item starts
 * (the ones running finish) and the rest answer undefined.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>, shouldStop: () => boolean = () => false): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length).fill(undefined);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !shouldStop()) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
