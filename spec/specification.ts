// The specification's text, kept in spec/ so that a clone (and the installed package)
// carries the words every rule and statement quotes, and its section headings.
import { readFileSync } from 'node:fs';

export const specificationText = readFileSync(new URL('./api-specification.md', import.meta.url), 'utf8');

/** Each numbered section's heading, e.g. "2.1" → "Shared metadata (every resource)". */
export const sectionHeadings: ReadonlyMap<string, string> = new Map(
  [...specificationText.matchAll(/^#{2,}\s+(\d+(?:\.\d+)*)\.?\s+(.+)$/gm)].map((m) => [m[1]!, m[2]!.trim()]),
);
