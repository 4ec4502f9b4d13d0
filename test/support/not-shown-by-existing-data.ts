// The faults of the catalogue that the demo data (reference/demo-data.ts) cannot show to
// a run without a control URL, each with the reason: what would show it. Every other
// fault is caught by its rule on that data too (test/faults-existing/); a fault listed
// here that its rule catches after all fails that test, so the list stays true.
import type { FaultName } from '../../reference/faults/index.ts';

const CLOCK = "a cursor's age shows only when the target's clock moves (the clock state)";
const AS_SET = 'what was set is not known on existing data: it needs the fixtures a provider state sets';
const DEFAULTS = 'whether a field was sent, and so whether its default applies, is not known on existing data';

export const NOT_SHOWN_BY_EXISTING_DATA: Partial<Record<FaultName, string>> = {
  'functions-cursor-never-expires': CLOCK,
  'functions-cursor-expires-early': CLOCK,
  'functions-cursor-lives-25h': CLOCK,
  'functions-max-scale-dropped': AS_SET,
  'functions-enabled-default-false': DEFAULTS,
  'functions-public-default-true': DEFAULTS,
  'functions-trigger-enabled-default-false': DEFAULTS,
  'functions-callback-secret-echoed': 'the callbackSecret sent is not known on existing data: an echoed one looks like a generated one',
  'metrics-cursor-never-expires': CLOCK,
  'metrics-cursor-expires-early': CLOCK,
  'metrics-cursor-expires-at-23h': CLOCK,
  'resources-function-display-name-truncated': AS_SET,
  'resources-sandbox-display-name-truncated': AS_SET,
  'resources-customdomain-labels-dropped': AS_SET,
  'resources-sandbox-volume-read-only-dropped': AS_SET,
  'resources-egress-public-ip-dropped': AS_SET,
  'resources-customdomain-txt-records-dropped': AS_SET,
  'resources-egressips-incomplete': 'which egress IPs the workspace holds is known only from the listing under check',
  'resources-secret-hidden-from-admin': 'a masked value and a secret value look alike when the value set is not known',
  'sandbox-address-stderr-in-stdout': 'what the process wrote is not known on existing data: it needs the processes state',
  'sandbox-address-logs-dropped': 'what the process wrote is not known on existing data: it needs the processes state',
};
