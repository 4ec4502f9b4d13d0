// A value several properties draw alike, made once: the rounds the listing rules read side
// by side are the same round i for each rule (support/rounds.ts), and each rule generated
// it anew, shrink tree and all: ten readers of a round of 1,100 functions made it ten
// times. Here each draw takes one integer from the caller's stream and generates the
// value from that integer alone, so a draw that was made recently is taken as it was;
// whether it was is never seen in what is drawn: the caller's stream moves by one integer
// either way, and the value is a function of that integer.
import fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';

/** Draws kept for the next reader: the rounds in flight at once are one or two. */
const KEPT = 2;

class DrawnOnce<T> extends fc.Arbitrary<T> {
  private readonly recent = new Map<string, fc.Value<T>>();

  constructor(private readonly arbitrary: fc.Arbitrary<T>) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const seed = mrng.nextInt();
    const key = `${seed} ${biasFactor}`;
    let value = this.recent.get(key);
    if (value === undefined) {
      value = this.arbitrary.generate(new fc.Random(xorshift128plus(seed)), biasFactor);
      this.recent.set(key, value);
      if (this.recent.size > KEPT) this.recent.delete(this.recent.keys().next().value!);
    }
    return value;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arbitrary.shrink(value, context);
  }
}

/** `arbitrary`, with a draw that several properties make alike generated once (see above). */
export function drawnOnce<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return new DrawnOnce(arbitrary);
}
