// Functions whose fields of section 2.2 with a default are left out or set, and whose
// triggers come with and without ids (duplicates too) and with a callbackSecret sent
// by the suite: the inputs of the defaults and trigger rules.
import fc from 'fast-check';
import { fixtureSetArb, type FunctionFixture } from './functions-fixtures.ts';
import { stringMatching } from './string-matching.ts';

export interface TriggerFixture {
  id?: string;
  type: 'http' | 'http-async' | 'cron';
  enabled?: boolean;
  configuration: Record<string, unknown>;
}

export interface FunctionWithTriggers extends Omit<FunctionFixture, 'spec'> {
  spec: Omit<FunctionFixture['spec'], 'enabled'> & { enabled?: boolean; public?: boolean; triggers: TriggerFixture[] };
}

/** What the suite sends as a callbackSecret, which the service must generate itself (section 2.2: read-only). */
export const SENT_CALLBACK_SECRET_PREFIX = 'sent-by-the-suite-';

// A few ids only, so two triggers of one function often share one.
const idArb = fc.option(fc.constantFrom('t1', 't2', 'hook'), { freq: 2, nil: undefined });

const triggerArb: fc.Arbitrary<TriggerFixture> = fc
  .record({
    id: idArb,
    type: fc.constantFrom('http' as const, 'http-async' as const, 'cron' as const),
    enabled: fc.option(fc.boolean(), { nil: undefined }),
    secret: stringMatching(/^[a-z0-9]{12}$/),
  })
  .map(({ id, type, enabled, secret }) => ({
    ...(id === undefined ? {} : { id }),
    type,
    ...(enabled === undefined ? {} : { enabled }),
    configuration:
      type === 'cron'
        ? { schedule: '*/5 * * * *' }
        : type === 'http-async'
          ? { path: '/hook', callbackUrl: 'https://callback.example.com/done', callbackSecret: SENT_CALLBACK_SECRET_PREFIX + secret }
          : { path: '/run' },
  }));

/** Sets of 1 to 8 functions; `enabled`, `public` and each trigger's `enabled` left out or set. */
export const functionsWithTriggersArb: fc.Arbitrary<FunctionWithTriggers[]> = fixtureSetArb({ minSize: 1, maxSize: 8 }).chain((set) =>
  fc
    .tuple(...set.map(() => fc.record({ enabled: fc.option(fc.boolean(), { nil: undefined }), public: fc.option(fc.boolean(), { nil: undefined }), triggers: fc.array(triggerArb, { maxLength: 4 }) })))
    .map((choices) =>
      set.map((fn, i) => {
        const { enabled, public: isPublic, triggers } = choices[i]!;
        const { enabled: _default, ...spec } = fn.spec;
        // "public ... Only available for generation mk3": set only there.
        const publicField = isPublic === undefined || spec.runtime.generation !== 'mk3' ? {} : { public: isPublic };
        return { ...fn, spec: { ...spec, ...(enabled === undefined ? {} : { enabled }), ...publicField, triggers } };
      }),
    ),
);
