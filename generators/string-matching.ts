// fc.stringMatching, built once per pattern and constraints: building one costs about
// 3 ms (fast-check tokenizes its default alphabet each time), and generators build
// them inside functions and chains that run thousands of times a run. Arbitraries hold
// no state, so one can serve every caller.
import fc from 'fast-check';

type Constraints = Parameters<typeof fc.stringMatching>[1];

const built = new Map<string, fc.Arbitrary<string>>();

export function stringMatching(pattern: RegExp, constraints?: Constraints): fc.Arbitrary<string> {
  const key = `${pattern.source}/${pattern.flags} ${JSON.stringify(constraints ?? {})}`;
  let arbitrary = built.get(key);
  if (!arbitrary) built.set(key, (arbitrary = fc.stringMatching(pattern, constraints)));
  return arbitrary;
}
