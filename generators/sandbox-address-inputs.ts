// Inputs of the sandbox-address checks (sections 2.6, 4.2): file trees to write,
// permissions in and out of octal mode notation, processes for the `processes`
// provider state, and identifiers that name no process.
import fc from 'fast-check';
import { ACCEPTED_PERMISSIONS } from '../spec/accepted-values.ts';
import { stringMatching } from './string-matching.ts';

const chars = (s: string) => fc.constantFrom(...s);
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * One path segment: letters, digits, inner spaces and non-ASCII characters (Latin,
 * CJK, Cyrillic, an astral emoji); never `.`, `/` or `%`, never a blank at either end.
 */
const segment = fc
  .string({ unit: fc.oneof(chars(`${LOWER_ALNUM}-_ `), chars('éüñßøЖж日本語€'), fc.constant('🙂')), minLength: 1, maxLength: 12 })
  .map((s) => s.replace(/^ | $/g, 'x'));

const validPermissions: fc.Arbitrary<string> = stringMatching(ACCEPTED_PERMISSIONS);
/**
 * Modes that leave the owner (the sandbox's user, who writes) what the next write needs:
 * a directory the owner may write into (7xx), a file the owner may write again (6xx, 7xx).
 * A target that runs as that user refuses to write into or over what locks it out.
 */
const ownerDirectoryPermissions: fc.Arbitrary<string> = stringMatching(/^0?7[0-7]{2}$/);
const ownerFilePermissions: fc.Arbitrary<string> = stringMatching(/^0?[67][0-7]{2}$/);

/** The directories to write, parents first, for writes at `paths` (each a list of segments) under `root`: no write relies on a parent made on the way. */
export function parentsFirst(root: readonly string[], paths: ReadonlyArray<readonly string[]>): string[][] {
  const dirs = new Map<string, string[]>();
  for (const path of [[], ...paths]) for (let depth = 0; depth <= path.length; depth++) dirs.set([...root, ...path.slice(0, depth)].join('/'), [...root, ...path.slice(0, depth)]);
  return [...dirs.values()].sort((a, b) => a.length - b.length);
}

/**
 * Permissions that are not octal mode notation: symbolic modes, digits 8 and 9,
 * letters. Never blank, never all octal digits, never `0o…` (octal in another notation).
 */
export const badPermissions: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('rwxr-xr-x', 'u+x', 'a=r', 'go-w', '888', '9', '0648', '12a', 'seven', '-644'),
  fc
    .string({ unit: chars('0123456789abcdefghijklmnpqrstuvwxyz+=,-'), minLength: 1, maxLength: 10 })
    .filter((s) => /[^0-7]/.test(s)),
);

export interface FileWrite {
  /** Path segments under the sandbox root, not encoded. */
  segments: string[];
  body: { content?: string; isDirectory?: boolean; permissions?: string };
}

/**
 * Writes under `/tmp/cp-conformance-<token>/`: the root and directories (nested up to
 * three deep), each level written before what is in it, and files (`.txt`) in them or in
 * the root, then the first file again (an update). Directory segments hold no dot, so no
 * file path is the parent of another write; directories stay writable by their owner, and
 * the file written again too.
 */
export const fileWrites: fc.Arbitrary<FileWrite[]> = fc
  .record({
    token: fc.string({ unit: chars(LOWER_ALNUM), minLength: 10, maxLength: 10 }),
    directories: fc.uniqueArray(fc.array(segment, { minLength: 1, maxLength: 3 }), { maxLength: 3, selector: (s) => s.join('/') }),
    files: fc.array(
      fc.record({
        directory: fc.nat(),
        name: segment.map((s) => `${s}.txt`),
        content: fc.string({ unit: 'grapheme', maxLength: 200 }),
        permissions: fc.option(validPermissions, { nil: undefined }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    firstFilePermissions: fc.option(ownerFilePermissions, { nil: undefined }),
    directoryPermissions: fc.option(ownerDirectoryPermissions, { nil: undefined }),
  })
  .map(({ token, directories, files, firstFilePermissions, directoryPermissions }) => {
    const root = ['tmp', `cp-conformance-${token}`];
    // /tmp is the sandbox's own; the rest is written, parents first.
    const dirWrites: FileWrite[] = parentsFirst(root, directories).map((segments) => ({
      segments,
      body: { isDirectory: true, ...(directoryPermissions ? { permissions: directoryPermissions } : {}) },
    }));
    const fileWritesOf: FileWrite[] = files.map((f, i) => {
      const parent = directories.length ? (directories[f.directory % (directories.length + 1)] ?? []) : [];
      const permissions = i === 0 ? firstFilePermissions : f.permissions;
      // Each file a name of its own: only the first is written again, as an update.
      return { segments: [...root, ...parent, `${i}-${f.name}`], body: { content: f.content, ...(permissions ? { permissions } : {}) } };
    });
    // "Creates or updates": the first file is written again, with other content.
    const first = fileWritesOf[0]!;
    const rewrite: FileWrite = { segments: first.segments, body: { ...first.body, content: `${first.body.content ?? ''} (updated)` } };
    return [...dirWrites, ...fileWritesOf, rewrite];
  });

export interface ProcessFixture {
  pid: string;
  name: string;
  stdout: string;
  stderr: string;
}

/** What a process writes: any text, with line breaks and tabs. */
const output = fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('\n', '\t', '\r\n')), { maxLength: 6 }).map((parts) => parts.join(''));

/** Process names start with a letter (never all digits, so never read as a pid) and have at most 15 characters. */
const processName = fc.tuple(chars('abcdefghijklmnopqrstuvwxyz'), fc.string({ unit: chars(`${LOWER_ALNUM}-_.`), maxLength: 14 })).map(([a, b]) => a + b);

/** One to four processes with distinct pids and names, for the `processes` provider state. */
export const processes: fc.Arbitrary<ProcessFixture[]> = fc
  .uniqueArray(
    fc.record({ pid: fc.integer({ min: 1, max: 4_194_304 }).map(String), name: processName, stdout: output, stderr: output }),
    { minLength: 1, maxLength: 4, selector: (p) => p.pid },
  )
  .map((list) => list.filter((p, i) => list.findIndex((q) => q.name === p.name) === i));

/**
 * Identifiers of no process: names longer than any generated process name with a
 * random tail, and pids above every Linux pid limit (2^22).
 */
export const unknownProcessIdentifier: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: chars('0123456789abcdef'), minLength: 16, maxLength: 16 }).map((h) => `no-such-process-${h}`),
  fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }).map(String),
);

/** Pids that are not process ids: letters, signs, underscores, with or without digits; never `.`, `/`, `%` or a blank. */
export const nonNumericPid: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('abc', '-1', '12a', 'NaN', 'null', '1e3', '0x1f', 'pid_1'),
  fc.string({ unit: chars(`${LOWER_ALNUM}ABCXYZ_-`), minLength: 1, maxLength: 12 }).filter((s) => /\D/.test(s)),
);

/** A path under the sandbox address, each segment percent-encoded. */
export function encodePath(segments: readonly string[]): string {
  return segments.map((s) => `/${encodeURIComponent(s)}`).join('');
}
