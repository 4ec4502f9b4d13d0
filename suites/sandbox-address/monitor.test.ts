// Sections 2.6, 4.2: DELETE /network/process/{pid}/monitor stops port monitoring of
// a process of the sandbox and refuses what is not a process id.
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { nonNumericPid, processes, type ProcessFixture } from '../../generators/sandbox-address-inputs.ts';
import { sideBySideProperty } from '../support/side-by-side.ts';
import { expectDocumented } from '../support/documented.ts';
import { expectInputRefused, processesApart } from './client.ts';
import { isObject, show } from '../support/json.ts';

const monitorPath = (pid: string) => `/network/process/${encodeURIComponent(pid)}/monitor`;

/** The processes of several cases (no pid or name in common) are set at once, and each process's monitor stopped at once: each DELETE stops its own. */
const monitorStop = rule('sandbox-address.monitor.stop', { needs: ['control', 'sandboxUrl', 'writes'], states: ['processes'], existing: ['sandboxUrl', 'process', 'writes'] }, async (t: Check) => {
  const stop = async ({ pid }: Pick<ProcessFixture, 'pid'>) => {
    const res = await t.sandbox(monitorPath(pid), { method: 'DELETE', token: t.config.credentials.admin });
    t.assert(res.status === 200, `DELETE /network/process/${pid}/monitor of a process of the sandbox must answer 200 (section 4.2), got ${res.status}`);
    const empty = t.config.profile.monitorStopBody === 'empty';
    t.assert(
      isObject(res.json) && (!empty || Object.keys(res.json).length === 0),
      `the monitor stop response is ${empty ? 'an empty JSON object (section 2.6)' : 'a JSON object (the profile\'s monitorStopBody)'}, got ${show(res.text)}`,
    );
    expectDocumented(t, 'stopPortMonitoring', res, 'sandbox');
  };
  // On existing data: the running process --process-pid names.
  if (t.data === 'existing') return stop({ pid: t.config.processPid! });
  await sideBySideProperty(t, processes, processesApart, async (group) => {
    await t.atOnce(group.flat().map((p) => () => stop(p)), 'the monitor of each process is stopped');
  });
});

const monitorBadPid = rule('sandbox-address.monitor.bad-pid', { needs: ['sandboxUrl', 'writes'] }, async (t: Check) => {
  const expectRefusedStop = async (pid: string) => {
    const res = await t.sandbox(monitorPath(pid), { method: 'DELETE', token: t.config.credentials.admin });
    expectInputRefused(t, 'stopPortMonitoring', res, `DELETE /network/process/${pid}/monitor with ${show(pid)}, which is not a process id,`);
  };
  // No process has such an identifier: every case at once.
  await t.property(nonNumericPid, expectRefusedStop, { together: async (pids) => void (await t.atOnce(pids.map((pid) => () => expectRefusedStop(pid)), 'no process')) });
});

export const checks = [monitorStop, monitorBadPid];
