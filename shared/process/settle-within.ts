/**
 * What `work` resolves to, or undefined when it fails or takes longer than `ms`: for asking a
 * dependency that may be down (a readiness check, a gauge's source) without waiting on it.
 */
export async function settleWithin<T>(work: () => Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(work),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
