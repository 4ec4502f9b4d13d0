// The reports' directory (and the folders of the --summary and --har files), made and written to before the
// first request: a path that cannot be written stops the run at once (exit 2), not after
// every check has run.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RunError } from './run-error.ts';

export async function prepareReportDir(dir: string, files: { summary?: string | undefined; har?: string | undefined } = {}): Promise<void> {
  const folders: Array<readonly [string, string]> = [[dir, `the report directory ${dir}`]];
  if (files.summary) folders.push([dirname(files.summary), `the folder of the summary file ${files.summary}`]);
  if (files.har) folders.push([dirname(files.har), `the folder of the HAR file ${files.har}`]);
  for (const [folder, what] of folders) {
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
