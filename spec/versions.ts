// Section 9: the version from which listings are paged and honour sort and q. The
// name of the header that carries it comes from the profile (spec/profile.ts).
export const PAGED_LISTING_SINCE = '2026-04-28';
