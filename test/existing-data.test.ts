// support/existing-data.ts: on the target's own data a failure stands only when the data
// held still while the check read it; data that keeps moving skips the check.
import { describe, expect, test } from 'vitest';
import type { Check } from '../harness/check.ts';
import { Skip, Violation } from '../harness/violation.ts';
import { onStableData, sameJson } from '../suites/support/existing-data.ts';

const check = { skip: (reason: string) => { throw new Skip(reason); } } as unknown as Check;

/** A reading that returns each of `values` in turn (an Error is thrown), and the data the body saw. */
function scripted(values: Array<number | Error>) {
  const seen: number[] = [];
  let i = 0;
  const read = async () => {
    const value = values[Math.min(i++, values.length - 1)]!;
    if (value instanceof Error) throw value;
    return value;
  };
  return { read, seen, reads: () => i };
}

const run = (s: ReturnType<typeof scripted>, fails: (data: number) => boolean) =>
  onStableData(check, 'the data', s.read, sameJson, async (data) => {
    s.seen.push(data);
    if (fails(data)) throw new Violation(`broken on ${data}`);
  });

describe('onStableData', () => {
  test('still data: the body runs once and its verdict stands', async () => {
    const passing = scripted([1, 1]);
    await run(passing, () => false);
    expect([passing.seen, passing.reads()]).toEqual([[1], 2]);
    await expect(run(scripted([1, 1]), () => true)).rejects.toThrow('broken on 1');
  });

  test('data that moved once: the failure on the old data is dropped, the check is made on the new', async () => {
    const moved = scripted([1, 2, 2]);
    await run(moved, (data) => data === 1);
    expect(moved.seen).toEqual([1, 2]);
    await expect(run(scripted([1, 2, 2]), (data) => data === 2)).rejects.toThrow('broken on 2');
  });

  test('data that keeps moving skips the check, whatever the body found', async () => {
    await expect(run(scripted([1, 2, 3]), () => true)).rejects.toBeInstanceOf(Skip);
    await expect(run(scripted([1, 2, 3]), () => false)).rejects.toThrow(/changed while the check read it/);
  });

  test('a reading that fails once is taken for moving data; one that fails twice in a row is the failure', async () => {
    const flaky = scripted([new Violation('walk broke'), 5, 5]);
    await run(flaky, () => false);
    expect(flaky.seen).toEqual([5]);
    await expect(run(scripted([new Violation('walk broke')]), () => false)).rejects.toThrow('walk broke');
  });
});
