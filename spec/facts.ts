// Facts the specification states, written once: the checks, the generators and the
// reference implementation read them here. Each names its section.

/** Section 4.1: the `sort` enum of GET /functions, and its default. */
export const FUNCTION_SORTS = ['createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc'] as const;
export type FunctionSort = (typeof FUNCTION_SORTS)[number];
export const DEFAULT_FUNCTION_SORT: FunctionSort = 'createdAt:desc';

/** Section 4.1: GET /functions `limit`: "Default 50, minimum 1, maximum 200. A larger value is clamped to 200." */
export const FUNCTIONS_DEFAULT_LIMIT = 50;
export const FUNCTIONS_MAX_LIMIT = 200;

/** Section 4.1: `q`: "Max 200 characters"; "Fewer than 2 characters means the unfiltered listing." */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 200;

/** Section 4.1: `q` is a "Substring search over metadata.name, metadata.displayName and labels (keys and values)". */
export const SEARCH_FIELDS = ['name', 'displayName', 'labelKey', 'labelValue'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Sections 4.1, 8: the metrics `limit` (default and maximum), and "`groupBy` accepts at most 3 dimensions". */
export const METRICS_DEFAULT_LIMIT = 100;
export const METRICS_MAX_LIMIT = 100;
export const MAX_GROUP_BY = 3;

/** Section 3: the deployment status values. */
export const DEPLOYMENT_STATUSES = ['DELETING', 'TERMINATED', 'FAILED', 'DEACTIVATED', 'DEACTIVATING', 'UPLOADING', 'BUILDING', 'DEPLOYING', 'DEPLOYED', 'BUILT'] as const;

/** Section 2.3: the sandbox's current-state values, "`RUNNING` or `STANDBY`". */
export const RUN_STATES = ['RUNNING', 'STANDBY'] as const;

/** Section 2.1: `metadata.name` is "Lowercase alphanumeric and hyphens, max 49 characters". */
export const NAME_MAX_LENGTH = 49;
