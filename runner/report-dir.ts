// The reports' directory (and the --summary file's), made and written to before the
// first request: a path that cannot be written stops the run at once (exit 2), not after
// every check has run.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RunError } from './run-error.ts';

export async function prepareReportDir(dir: string, summaryFile?: string): Promise<void> {
  for (const [folder, what] of [[dir, `the report directory ${dir}`], ...(summaryFile ? [[dirname(summaryFile), `the folder of the summary file ${summaryFile}`]] : [])] as const) {
    const probe = join(folder, `.cp-conformance-write-test-${process.pid}`);
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(probe, '');
      await rm(probe);
    } catch (error) {
      throw new RunError(`cannot write ${what}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (give --report-dir a folder this user may write)`);
    }
  }
}
