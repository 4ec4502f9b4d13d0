// Section 9: the version from which listings are paged and honour sort and q.
export const SERVICE_VERSION_HEADER = 'service-version';
export const PAGED_LISTING_SINCE = '2026-04-28';
