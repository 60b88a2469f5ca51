/** Exports run off the loop by run.test.ts: a long pure computation and an error with a field of its own. */
export function busySum(count: number): number {
  let sum = 0;
  for (let index = 0; index < count; index++) sum += index;
  return sum;
}

class FixtureError extends Error {
  constructor(readonly line: number) {
    super(`Wiersz ${line}: zły`);
  }
}

export function refuse(line: number): never {
  throw new FixtureError(line);
}
