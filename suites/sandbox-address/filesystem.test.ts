// Sections 2.6, 4.2: PUT /filesystem/{path} writes files and directories and
// refuses permissions that are not octal mode notation.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { badPermissions, encodePath, fileWrites, type FileWrite } from '../../generators/sandbox-address-inputs.ts';
import { expectDocumented } from '../support/documented.ts';
import { expectInputRefused } from './client.ts';
import { isObject, show } from '../support/json.ts';

/** The answer's path names the written one: the same segments, maybe under a root the sandbox adds in front. */
function namesWrittenPath(answered: string, written: string): boolean {
  const [a, w] = [answered.normalize('NFC').replace(/\/+$/, ''), written.normalize('NFC')];
  return a === w || a.endsWith(`/${w}`);
}

const filesystemWrite = rule('sandbox-address.filesystem.write', { needs: ['sandboxUrl', 'writes'] }, async (t: Check) => {
  // Each case writes under a root of its own (/tmp/cp-conformance-<token>/), in order: every case at once, one after the other only to find the one that failed.
  const together = async (cases: readonly FileWrite[][]) => void (await t.atOnce(cases.map((writes) => () => expectWritten(writes)), 'the files and directories of its own root'));
  const expectWritten = async (writes: readonly FileWrite[]) => {
    for (const { segments, body } of writes) {
      const res = await t.sandbox(`/filesystem${encodePath(segments)}`, { method: 'PUT', token: t.config.credentials.admin, body });
      const written = segments.join('/');
      const what = body.isDirectory ? 'directory' : 'file';
      t.assert(res.status === 200, `PUT /filesystem/${written} must create the ${what} and answer 200 (section 4.2), got ${res.status}`);
      expectDocumented(t, 'writeFile', res, 'sandbox');
      // message and path are not marked Required (CONTRACT 3); a path that is given names the written one.
      const answer = res.json;
      t.assert(
        !isObject(answer) || typeof answer.path !== 'string' || namesWrittenPath(answer.path, written),
        `the file write response's path must name the written path (section 2.6); writing /${written} got ${show(res.text)}`,
      );
    }
  };
  await t.property(fileWrites, expectWritten, { together });
});

const filesystemBadPermissions = rule('sandbox-address.filesystem.bad-permissions', { needs: ['sandboxUrl', 'writes'] }, async (t: Check) => {
  const cases = fc.record({ permissions: badPermissions, isDirectory: fc.boolean(), token: fc.string({ unit: fc.constantFrom(...'abcdefghij0123456789'), minLength: 10, maxLength: 10 }) });
  type Case = typeof cases extends fc.Arbitrary<infer C> ? C : never;
  const expectRefusedWrite = async ({ permissions, isDirectory, token }: Case) => {
    const segments = ['tmp', `cp-conformance-${token}`, isDirectory ? 'dir' : 'file.txt'];
    const body = isDirectory ? { isDirectory, permissions } : { content: 'x', permissions };
    const res = await t.sandbox(`/filesystem${encodePath(segments)}`, { method: 'PUT', token: t.config.credentials.admin, body });
    expectInputRefused(t, 'writeFile', res, `PUT /filesystem/${segments.join('/')} with permissions ${show(permissions)}, not octal mode notation (section 2.6),`);
  };
  // Each case to a path of its own: every case at once.
  const together = async (all: readonly Case[]) => void (await t.atOnce(all.map((c) => () => expectRefusedWrite(c)), 'a path of its own'));
  await t.property(cases, expectRefusedWrite, { together });
});

export const checks = [filesystemWrite, filesystemBadPermissions];
