// The exchange log of a run (harness/exchange-log.ts writes it): a file in a temporary
// folder of its own, read once the run is over and removed.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoggedExchange } from '../results/model.ts';

export interface ExchangeLog {
  file: string;
  /** Every exchange logged, in the order the lines were written. */
  read(): Promise<LoggedExchange[]>;
  remove(): Promise<void>;
}

export async function openExchangeLog(): Promise<ExchangeLog> {
  const dir = await mkdtemp(join(tmpdir(), 'cp-conformance-exchanges-'));
  const file = join(dir, 'exchanges.ndjson');
  await writeFile(file, '');
  return {
    file,
    read: async () =>
      (await readFile(file, 'utf8'))
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LoggedExchange),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
