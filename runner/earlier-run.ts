// The results.json of an earlier run, read back by `--rerun-failed` and by
// `cp-conformance expectations`: checked against its schema, so a file that is
// not one gives one line, not a stack trace.
import type { RunResult } from '../results/model.ts';
import schema from '../results/results.schema.json' with { type: 'json' };
import { assertMatches, readJsonFile } from './json-file.ts';

export async function readEarlierRun(file: string): Promise<RunResult> {
  const what = `the results file ${file}`;
  return assertMatches<RunResult>(await readJsonFile(file, what), schema, what, 'is not a results.json key');
}
