// The oracles the checks compute their expected answers with, and the fixture locks,
// against small canned inputs whose answers are worked out by hand: a maintainer who
// changes one sees in a second what it now accepts and refuses, without a target.
import { describe, expect, test } from 'vitest';
import type { Check } from '../harness/check.ts';
import { createShared, FixtureLocks } from '../harness/coordination.ts';
import { CheckLane, Lanes } from '../harness/lanes.ts';
import type { FunctionFixture, ListedFunction } from '../generators/functions-fixtures.ts';
import type { FixtureEvent } from '../generators/metrics-fixtures.ts';
import { expectedMatches, firstInCreatedOrder, firstPageProblem, listingBetween, matchProblem, nameOrderProblem, narrowedListings, narrowedTailListings, normaliseQuery, tailPageProblem, totalProblem, WalkOrderCheck, wholeSetProblem, type Listing } from '../suites/functions/oracle.ts';
import { expectedMetrics } from '../suites/metrics/oracle.ts';
import { differences } from '../suites/support/compare.ts';
import { followCursors, pageMetaProblems, type PageMeta } from '../suites/support/paging.ts';

const fn = (name: string, createdAt: string): FunctionFixture => ({
  metadata: { name, labels: {}, createdAt },
  spec: { enabled: true, runtime: { generation: 'mk3', transport: 'http-stream' } },
});

/** `listing` with the target's order of names as a walk of name:asc would read it. */
const ordered = (listing: readonly ListedFunction[], ...names: string[]): Listing => Object.assign([...listing], { nameOrder: { names, read: 'the walk', pages: [] } });

describe('the functions listing oracle (suites/functions/oracle.ts)', () => {
  const fixtures = ordered([fn('beta', '2024-01-01T00:00:02Z'), fn('alpha', '2024-01-01T00:00:01Z'), fn('gamma', '2024-01-01T00:00:03Z')], 'alpha', 'beta', 'gamma');
  /** The answer's items, as a page lists them. */
  const shown = (listing: readonly ListedFunction[], ...names: string[]): ListedFunction[] => names.map((name) => listing.find((f) => f.metadata.name === name) ?? fn(name, '2024-01-01T00:00:00Z'));

  test('a first page is the start of the sort order; a tail page its end', () => {
    expect(firstPageProblem(shown(fixtures, 'gamma', 'beta'), fixtures, 'createdAt:desc', 2)).toBeUndefined();
    expect(tailPageProblem(shown(fixtures, 'alpha'), fixtures, 'createdAt:desc', 2)).toBeUndefined();
    expect(tailPageProblem(shown(fixtures, 'beta', 'alpha'), fixtures, 'createdAt:desc', 2)).toBeUndefined();
    expect(firstPageProblem(shown(fixtures, 'alpha', 'beta', 'gamma'), fixtures, 'name:asc', 50)).toBeUndefined();
  });

  test('the first of a createdAt order is every function created at its first instant', () => {
    const tied = [...fixtures, fn('delta', '2024-01-01T00:00:03Z')];
    const names = (sort: 'createdAt:asc' | 'createdAt:desc') => firstInCreatedOrder(tied, sort).map((f) => f.metadata.name);
    expect(names('createdAt:asc')).toEqual(['alpha']);
    expect(names('createdAt:desc')).toEqual(['gamma', 'delta']);
    expect(firstInCreatedOrder([], 'createdAt:asc')).toEqual([]);
  });

  // Full case folding matches "ßb-9" for q=sb, Unicode lowercasing does not: 4 matches, pages of 3 from the first: [ßb-9, sb-3, sb-2], [sb-1].
  test('a tail page for q on the walk\'s boundaries may count a function only some foldings match that it does not show', () => {
    const listing = [fn('sb-1', '2024-01-01T00:00:01Z'), fn('sb-2', '2024-01-01T00:00:02Z'), fn('sb-3', '2024-01-01T00:00:03Z'), fn('ßb-9', '2024-01-01T00:00:09Z')];
    const tailOf = (listings: Listing[], ...names: string[]) => listings.some((narrowed) => tailPageProblem(shown(listing, ...names), narrowed, 'createdAt:desc', 3) === undefined);
    expect(tailOf(narrowedListings(listing, 'sb', ['sb-1']), 'sb-1')).toBe(false);
    expect(tailOf(narrowedTailListings(listing, 'sb', ['sb-1'], 'createdAt:desc'), 'sb-1')).toBe(true);
    expect(tailOf(narrowedTailListings(listing, 'sb', ['sb-2'], 'createdAt:desc'), 'sb-2')).toBe(false);
    expect(tailOf(narrowedTailListings(listing, 'sb', ['sb-3', 'sb-2', 'sb-1'], 'createdAt:desc'), 'sb-3', 'sb-2', 'sb-1')).toBe(true);
  });

  test('a page out of order, short, or naming an unknown or repeated function is refused', () => {
    expect(firstPageProblem(shown(fixtures, 'beta', 'gamma'), fixtures, 'createdAt:desc', 2)).toMatch(/^position 0 in createdAt descending order should hold gamma/);
    expect(firstPageProblem(shown(fixtures, 'gamma'), fixtures, 'createdAt:desc', 2)).toMatch(/^expected 2 items .*, got 1$/);
    expect(firstPageProblem(shown(fixtures, 'delta'), fixtures, 'name:asc', 1)).toMatch(/"delta" is not one of the workspace's 3 functions/);
    expect(firstPageProblem(shown(fixtures, 'alpha', 'alpha'), fixtures, 'name:asc', 2)).toMatch(/"alpha" is listed twice/);
  });

  test('ties of createdAt may come in either order', () => {
    const tied = [fn('a', '2024-01-01T00:00:00Z'), fn('b', '2024-01-01T00:00:00Z')];
    expect(firstPageProblem(shown(tied, 'a', 'b'), tied, 'createdAt:asc', 2)).toBeUndefined();
    expect(firstPageProblem(shown(tied, 'b', 'a'), tied, 'createdAt:asc', 2)).toBeUndefined();
  });

  test('names follow the target\'s own order, whatever the collation; name:desc its exact reverse', () => {
    // '-' sorts before 'b' by code point; without the hyphen 'ac' sorts after 'ab'; a natural sort puts 'a2' before 'a-1'.
    const codeUnits = ordered([fn('a-c', '2024-01-01T00:00:00Z'), fn('ab', '2024-01-01T00:00:01Z')], 'a-c', 'ab');
    const hyphensIgnored = ordered(codeUnits, 'ab', 'a-c');
    expect(firstPageProblem(shown(codeUnits, 'a-c', 'ab'), codeUnits, 'name:asc', 2)).toBeUndefined();
    expect(firstPageProblem(shown(hyphensIgnored, 'ab', 'a-c'), hyphensIgnored, 'name:asc', 2)).toBeUndefined();
    expect(firstPageProblem(shown(codeUnits, 'ab', 'a-c'), codeUnits, 'name:asc', 2)).toMatch(/^position 0 in name ascending \(the target's order of names: the walk\) order should hold a-c/);
    expect(firstPageProblem(shown(codeUnits, 'ab', 'a-c'), codeUnits, 'name:desc', 2)).toBeUndefined();
    expect(firstPageProblem(shown(codeUnits, 'a-c'), codeUnits, 'name:desc', 1)).toMatch(/should hold ab/);
  });

  test('the target\'s order of names: names of letters alone in the order of words, the others in any order', () => {
    const names = (...order: string[]) => nameOrderProblem(ordered([], ...order));
    expect(names('a2', 'a-1', 'abc', 'abcd', 'svc-9', 'svc-10', 'zeta')).toBeUndefined();
    expect(names('abd', 'abc')).toMatch(/"abc" comes after "abd" in the walk/);
    expect(names('abcd', 'x-1', 'abc')).toMatch(/"abc" comes after "abcd"/);
  });

  test('the whole set: every function once, in any order', () => {
    expect(wholeSetProblem(shown(fixtures, 'gamma', 'alpha', 'beta'), fixtures)).toBeUndefined();
    expect(wholeSetProblem(shown(fixtures, 'gamma', 'alpha'), fixtures)).toMatch(/expected all 3 functions, got 2; missing .*beta/);
  });

  test('a walk: every function once and in order, checked page by page', () => {
    const walk = (listing: Listing, ...pages: string[][]) => {
      const order = new WalkOrderCheck(listing, 'name:asc');
      for (const page of pages) {
        const problem = order.page(shown(listing, ...page));
        if (problem !== undefined) return problem;
      }
      return order.end();
    };
    expect(walk(fixtures, ['alpha', 'beta'], ['gamma'])).toBeUndefined();
    expect(walk(fixtures, ['alpha', 'gamma'], ['beta'])).toMatch(/position 1 in name ascending \(the target's order of names: the walk\) order should hold beta/);
    expect(walk(fixtures, ['alpha', 'beta'], ['beta', 'gamma'])).toMatch(/"beta" is listed twice/);
    expect(walk(fixtures, ['alpha', 'beta'])).toMatch(/expected all 3 functions, the walk listed 2; missing "gamma"/);
  });

  describe('between two readings that differ (harness/readings.ts): what both hold must be shown, what one holds may be', () => {
    // delta was deployed and beta removed between the readings; epsilon came and went, created after both.
    const before = ordered([fn('alpha', '2024-01-01T00:00:01Z'), fn('beta', '2024-01-01T00:00:02Z'), fn('gamma', '2024-01-01T00:00:03Z')], 'alpha', 'beta', 'gamma');
    const after = ordered([fn('alpha', '2024-01-01T00:00:01Z'), fn('gamma', '2024-01-01T00:00:03Z'), fn('delta', '2024-01-01T00:00:04Z')], 'alpha', 'delta', 'gamma');
    const moving = listingBetween(before, after);
    const epsilon = fn('epsilon', '2024-01-01T00:00:05Z');

    test('a page shows the certain functions in order, and the uncertain ones as it found them', () => {
      expect(firstPageProblem(shown(before, 'gamma', 'beta', 'alpha'), moving, 'createdAt:desc', 10)).toBeUndefined();
      expect(firstPageProblem(shown(after, 'delta', 'gamma', 'alpha'), moving, 'createdAt:desc', 10)).toBeUndefined();
      expect(firstPageProblem([epsilon, ...shown(after, 'delta', 'gamma')], moving, 'createdAt:desc', 3)).toBeUndefined();
      expect(firstPageProblem(shown(before, 'alpha', 'gamma'), moving, 'name:asc', 2)).toBeUndefined();
    });

    test('a certain function left out, one out of order, or an unknown one not newer than the first reading fails', () => {
      expect(firstPageProblem(shown(after, 'delta', 'alpha'), moving, 'createdAt:desc', 10)).toMatch(/^expected 3 items/);
      expect(firstPageProblem(shown(after, 'alpha', 'gamma'), moving, 'createdAt:desc', 10)).toMatch(/should hold gamma/);
      expect(firstPageProblem([fn('zeta', '2023-01-01T00:00:00Z'), ...shown(after, 'gamma', 'alpha')], moving, 'createdAt:desc', 10)).toMatch(/"zeta" is not one of the workspace's/);
      expect(wholeSetProblem(shown(after, 'alpha', 'delta'), moving)).toMatch(/missing "gamma"/);
    });

    test('meta.total is at least what explains the answer', () => {
      expect(totalProblem(3, shown(after, 'alpha'), moving)).toBeUndefined();
      expect(totalProblem(7, shown(after, 'alpha'), moving)).toBeUndefined();
      expect(totalProblem(1, shown(after, 'alpha'), moving)).toMatch(/2 functions of the workspace or more/);
      expect(totalProblem(2, shown(after, 'alpha'), fixtures)).toMatch(/must be the 3 functions of the workspace; it is 2/);
    });
  });

  test('q is trimmed and lowercased, and under 2 characters it is no filter', () => {
    expect(normaliseQuery('  AbC ')).toBe('abc');
    expect(normaliseQuery(' X ')).toBe('');
  });

  describe('the search: strict where every case folding agrees, either way where they differ', () => {
    const labelled = (name: string, displayName: string): ListedFunction => ({ metadata: { name, displayName, labels: {}, createdAt: '2024-01-01T00:00:00Z' } });
    const set = [labelled('cafe', 'Café Zürich'), labelled('street', 'Straße'), labelled('plain', 'Plain Cafe'), labelled('greek', 'ΟΔΟΣ')];
    const matches = (q: string) => expectedMatches(set, q).map(({ must, may }) => ({ must: [...must].sort(), may: [...may].sort() }));

    test('a letter with a one-to-one lowercase form, ASCII or not, matches either case', () => {
      expect(matches('ZÜR')).toEqual([{ must: ['cafe'], may: [] }]);
      expect(matches('CAFÉ')).toEqual([{ must: ['cafe'], may: ['plain'] }]); // "Plain Cafe" too, under accent folding
      expect(matches('PLAIN')).toEqual([{ must: ['plain'], may: [] }]);
    });

    test('accents, "ß" and "ss", final sigma: a match is accepted either way', () => {
      expect(matches('cafe')).toEqual([{ must: ['cafe', 'plain'], may: [] }]); // the name "cafe" and "Plain Cafe"; "Café" only under accent folding: already a must by its name
      expect(matches('plain cafe')).toEqual([{ must: ['plain'], may: [] }]);
      expect(matches('zu')).toEqual([{ must: [], may: ['cafe'] }]);
      expect(matches('strasse')).toEqual([{ must: [], may: ['street'] }]);
      expect(matches('straß')).toEqual([{ must: [], may: ['street'] }]);
      expect(matches('οδος')).toEqual([{ must: [], may: ['greek'] }]);
      expect(matchProblem([set[0]!], set, 'zu')).toBeUndefined();
      expect(matchProblem([], set, 'zu')).toBeUndefined();
      expect(matchProblem([], set, 'ZÜR')).toMatch(/must match the 1 of the 4 functions .*; got 0; missing "cafe"/);
      expect(matchProblem([set[2]!], set, 'zu')).toMatch(/not matching "plain"/);
    });
  });
});

describe('paging (suites/support/paging.ts)', () => {
  const page = (hasMore: boolean, nextCursor: string): PageMeta => ({ hasMore, nextCursor });

  test('hasMore says whether items remain; nextCursor is empty on the last page', () => {
    expect(pageMetaProblems(page(true, 'c1'), 3, 'functions')).toEqual([]);
    expect(pageMetaProblems(page(false, ''), 0, 'functions')).toEqual([]);
    expect(pageMetaProblems(page(true, 'c1'), 0, 'functions')).toEqual(['0 functions are not listed yet, so hasMore must be false; got true']);
    expect(pageMetaProblems(page(false, 'c9'), 0, 'functions')).toEqual([expect.stringMatching(/^hasMore is false, so nextCursor must be empty/)]);
    expect(pageMetaProblems(page(false, ''), 2, 'functions')).toHaveLength(1);
  });

  /** Enough of a Check for followCursors: its assertions throw. */
  const asserting = {
    assert(condition: unknown, message: string) {
      if (!condition) throw new Error(message);
    },
  } as unknown as Check;

  test('a walk follows nextCursor until hasMore is false, and fails on an empty cursor or a walk that never ends', async () => {
    const pages = [page(true, 'c1'), page(true, 'c2'), page(false, '')];
    const cursors: Array<string | undefined> = [];
    const count = await followCursors(asserting, 'walk', 10, async (cursor, index) => (cursors.push(cursor), pages[index]!), () => undefined);
    expect(count).toBe(3);
    expect(cursors).toEqual([undefined, 'c1', 'c2']);
    await expect(followCursors(asserting, 'walk', 10, async () => page(true, ''), () => undefined)).rejects.toThrow(/nextCursor is empty/);
    await expect(followCursors(asserting, 'walk', 4, async () => page(true, 'again'), () => undefined)).rejects.toThrow(/after 4 pages .* does not end/);
  });
});

describe('the metrics oracle (suites/metrics/oracle.ts)', () => {
  const HOUR = 3_600_000;
  const event = (time: number, workspace: string, costMicros: number): FixtureEvent => ({
    time,
    workspace,
    resourceType: 'sandbox',
    resourceName: 'r',
    resourceUuid: 'u',
    billingDimension: 'memory',
    costMicros,
    usageMilli: 1,
  });
  const events = [event(0, 'ws-a', 1), event(HOUR - 1, 'ws-a', 2), event(HOUR, 'ws-b', 4), event(2 * HOUR, 'ws-c', 8)];

  test('sums per group and per bucket over [start, end): the start is in, the end is out', () => {
    const expected = expectedMetrics(events, { window: { start: 0, end: 2 * HOUR }, groupBy: ['workspace'], unit: 'hour' });
    expect(expected.bucketStarts).toEqual([0, HOUR]);
    expect(expected.total).toEqual({ costMicros: 7, usageMilli: 3, events: 3 });
    const byWorkspace = Object.fromEntries([...expected.groups.values()].map((g) => [g.values.workspace, g]));
    expect(byWorkspace['ws-a']).toMatchObject({ costMicros: 3, buckets: [{ costMicros: 3, usageMilli: 2, events: 2 }, { costMicros: 0, usageMilli: 0, events: 0 }] });
    expect(byWorkspace['ws-b']).toMatchObject({ costMicros: 4, buckets: [{ costMicros: 0 }, { costMicros: 4 }] });
    // ws-c has events only at the end, outside the window: a target may list it with cost 0.
    expect(expected.groups.size).toBe(2);
    expect(expected.dormant).toEqual(new Set([JSON.stringify(['ws-c'])]));
  });

  test('a filter leaves out the events of other values; no groupBy gives one group', () => {
    const filtered = expectedMetrics(events, { window: { start: 0, end: 3 * HOUR }, groupBy: [], unit: 'hour', workspace: 'ws-b' });
    expect(filtered.total.costMicros).toBe(4);
    expect([...filtered.groups.keys()]).toEqual(['[]']);
  });
});

describe('resource comparison (suites/support/compare.ts)', () => {
  test('what was set must come back with the same value; what the target adds is accepted', () => {
    expect(differences({ a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'x', added: true }, extra: 2 })).toEqual([]);
    expect(differences({ a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'y' } })).toEqual([expect.stringMatching(/^b\.c is "y", not "x" as set/)]);
    expect(differences({ a: 1 }, {})).toEqual([expect.stringMatching(/^a /)]);
  });

  test('what the specification leaves open is accepted: array order, zero values left out, other timestamp forms', () => {
    expect(differences({ list: ['x', 'y'] }, { list: ['y', 'x'] })).toEqual([]);
    expect(differences({ enabled: false, labels: {} }, {})).toEqual([]);
    expect(differences({ at: '2024-01-01T00:00:00Z' }, { at: '2024-01-01T02:00:00+02:00' })).toEqual([]);
  });
});

const settled = async (promise: Promise<unknown>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
};

describe('the fixture locks (harness/coordination.ts)', () => {
  test('a second check waits for the group the first holds, and goes on when it is released', async () => {
    const shared = createShared();
    const first = new FixtureLocks(shared);
    const second = new FixtureLocks(shared);
    await first.enter('functions');
    const waiting = second.enter('sandboxes').then(() => second.enter('functions'));
    expect(await settled(waiting)).toBe(false);
    first.release();
    expect(await settled(waiting)).toBe(true);
    second.release();
  });

  test('a check that sets several groups takes them together: while one is busy it holds none of the others', async () => {
    const shared = createShared();
    const first = new FixtureLocks(shared);
    const several = new FixtureLocks(shared);
    const other = new FixtureLocks(shared);
    await first.enter('functions');
    const waiting = several.enterEach(['sandboxes', 'functions']);
    expect(await settled(waiting)).toBe(false);
    expect(await settled(other.enter('sandboxes'))).toBe(true);
    other.release();
    first.release();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(other.enter('sandboxes'))).toBe(false);
    several.release();
    expect(await settled(other.enter('sandboxes'))).toBe(true);
    other.release();
  });

  test('states set at once are of different groups, none of the whole target', async () => {
    const locks = new FixtureLocks(createShared());
    await expect(locks.enterEach(['reset', 'functions'])).rejects.toThrow(/different fixture groups/);
    await expect(locks.enterEach(['functions', 'functions'])).rejects.toThrow(/different fixture groups/);
  });

  test('checks of different kinds of resource do not wait on each other', async () => {
    const shared = createShared();
    const sandboxes = new FixtureLocks(shared);
    const egressIps = new FixtureLocks(shared);
    await sandboxes.enter('sandboxes');
    expect(await settled(egressIps.enter('egressips').then(() => egressIps.enter('customdomains')))).toBe(true);
    sandboxes.release();
    egressIps.release();
  });

  test('checks reading one shared state hold its group side by side; the first sets it, and it stays set until a check takes the group alone', async () => {
    const shared = createShared();
    const [first, second, alone, third] = [1, 2, 3, 4].map(() => new FixtureLocks(shared));
    const installs: string[] = [];
    const install = (who: string) => async () => void installs.push(who);
    expect(await first!.share('functions', [0, 7], install('first'))).toBe(true);
    expect(await second!.share('functions', [0, 7], install('second'))).toBe(false);
    // Another state of the group waits for both readers of the first.
    const other = third!.share('functions', [0, 8], install('third'));
    expect(await settled(other)).toBe(false);
    first!.release();
    expect(await settled(other)).toBe(false);
    second!.release();
    expect(await other).toBe(true);
    // A check that takes the group alone waits for its readers too.
    const taken = alone!.enter('functions');
    expect(await settled(taken)).toBe(false);
    third!.release();
    await taken;
    alone!.release();
    expect(installs).toEqual(['first', 'third']);
    // The check that took the group alone may have set anything: the state is set again.
    expect(await first!.share('functions', [0, 8], install('again'))).toBe(true);
    first!.release();
  });

  test('a failed setting of a shared state leaves the group free', async () => {
    const shared = createShared();
    const [first, second] = [1, 2].map(() => new FixtureLocks(shared));
    await expect(first!.share('usage', [0, 3], () => Promise.reject(new Error('no control endpoint')))).rejects.toThrow('no control endpoint');
    expect(await settled(second!.enter('usage'))).toBe(true);
    second!.release();
    expect(await settled(new FixtureLocks(shared).enter('reset'))).toBe(true);
  });

  test('a check that ended while it waited (cut off by its deadline) gives back what it takes, at once', async () => {
    const shared = createShared();
    const [holder, late, next] = [1, 2, 3].map(() => new FixtureLocks(shared));
    await holder!.enter('functions');
    const waiting = late!.share('functions', [1, 2], async () => undefined);
    const waitingAlone = new FixtureLocks(shared);
    const alone = waitingAlone.enter('functions');
    late!.close();
    waitingAlone.close();
    holder!.release();
    await expect(waiting).rejects.toThrow('the check had already ended');
    await expect(alone).rejects.toThrow('the check had already ended');
    expect(await settled(next!.enter('reset'))).toBe(true);
    next!.release();
  });

  test('reset waits for every group; groups are taken in one order only', async () => {
    const shared = createShared();
    const holder = new FixtureLocks(shared);
    const resetter = new FixtureLocks(shared);
    await holder.enter('usage');
    const reset = resetter.enter('reset');
    expect(await settled(reset)).toBe(false);
    await expect(holder.enter('functions')).rejects.toThrow(/in the order sandboxes, egressips, customdomains, functions, usage, processes/);
    holder.release();
    expect(await settled(reset)).toBe(true);
    resetter.release();
  });
});

describe('the lanes of the checks at once (harness/lanes.ts)', () => {
  test('a check waiting for a group gives back its lane, and comes back before a check that has not started', async () => {
    const shared = createShared();
    const lanes = new Lanes(2);
    const [holder, waiter, starter, later] = [1, 2, 3, 4].map(() => new CheckLane(lanes));
    await holder!.take();
    const holderLocks = new FixtureLocks(shared, holder);
    await holderLocks.enter('functions');
    await waiter!.take();
    const waiterLocks = new FixtureLocks(shared, waiter);
    const waiting = waiterLocks.enter('functions');
    // Waiting for the group, the check gave its lane to the next one.
    expect(await settled(starter!.take())).toBe(true);
    const laterTaking = later!.take();
    holderLocks.release();
    // The group is free, but no lane is: the waiter holds the group and waits for a lane.
    expect(await settled(waiting)).toBe(false);
    holder!.end();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(laterTaking)).toBe(false);
    waiterLocks.release();
    waiter!.end();
    expect(await settled(laterTaking)).toBe(true);
  });

  test('a check that ends before its lane comes passes the lane on', async () => {
    const lanes = new Lanes(1);
    const [first, cut, next] = [1, 2, 3].map(() => new CheckLane(lanes));
    await first!.take();
    const cutTaking = cut!.take();
    const nextTaking = next!.take();
    cut!.end();
    first!.end();
    await cutTaking;
    expect(await settled(nextTaking)).toBe(true);
  });
});
