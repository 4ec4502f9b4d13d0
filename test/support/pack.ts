// The package as `npm pack` builds it, built from a copy of the work tree: its prepack
// step rewrites dist/ and npm-shrinkwrap.json, so two test files packing at once in the
// clone itself would build over each other.
import { execFile } from 'node:child_process';
import { cp, lstat, mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runCommand } from './cli.ts';

export const repository = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Copies what a clone of the work tree would hold (the files git tracks or would add,
 * none it ignores: no node_modules, dist/ or reports) to `dest`, as `git clone` would.
 */
export async function copyWorkTree(dest: string): Promise<void> {
  const { stdout } = await promisify(execFile)('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repository, maxBuffer: 64 << 20 });
  const files = [...new Set(stdout.split('\0').filter(Boolean))];
  await mkdir(dest, { recursive: true });
  for (const file of files) {
    // A file deleted in the work tree but still tracked is not there to copy.
    const stat = await lstat(path.join(repository, file)).catch(() => undefined);
    if (!stat?.isFile()) continue;
    await cp(path.join(repository, file), path.join(dest, file), { preserveTimestamps: true });
  }
}

/**
 * Packs the work tree in a copy under `scratch` (its node_modules a link to the clone's,
 * for the build's TypeScript compiler) and returns the tarball and the files it holds.
 */
export async function packWorkTree(scratch: string): Promise<{ tarball: string; files: string[]; version: string }> {
  const copy = path.join(scratch, 'work-tree');
  await copyWorkTree(copy);
  await symlink(path.join(repository, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const pack = await runCommand('npm', ['pack', '--json', '--pack-destination', scratch, '--no-audit', '--no-fund'], {
    env: { ...process.env, NO_COLOR: '1' },
    cwd: copy,
  });
  if (pack.code !== 0) throw new Error(`npm pack failed (exit ${pack.code}):\n${pack.stderr}`);
  const [{ filename, files, version }] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as [{ filename: string; version: string; files: Array<{ path: string }> }];
  return { tarball: path.join(scratch, filename), files: files.map((f) => f.path), version };
}
