// Text helpers every reporter shares.

// Evidence holds whatever the target sent back, so a report must survive any
// character. XML 1.0 forbids most control characters, and a terminal obeys them
// (an ESC in a response body could rewrite the console). One rule for every
// report: such a character is shown as its `\uXXXX` escape, so the reader still
// sees that it was there.
// The set: C0 controls except tab, line feed and carriage return; DEL and the C1
// controls; the two non-characters XML forbids; lone surrogates (with the `u` flag
// a well-formed pair is one code point above U+FFFF and does not match).
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Whitespace collapsed to single spaces: for attributes and one-line summaries. */
export function oneLine(text: string): string {
  return printable(text).replace(/\s+/g, ' ').trim();
}

/** "840 ms" under a second, "12.3 s" above. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The longest line the console prints: a terminal or a CI log shows a longer one badly, if at all. */
export const CONSOLE_LINE_CHARS = 2000;

const CUT_NOTE = ` … [cut at ${CONSOLE_LINE_CHARS.toLocaleString('en-US')} characters: the full text is in report.html and results.json]`;

/**
 * Each line of the text cut, with a note where, so that after a prefix of `indent`
 * characters it holds CONSOLE_LINE_CHARS at most: a body or a fixture set may be
 * hundreds of KB on one line.
 */
export function fitLines(text: string, indent = 0): string {
  const room = CONSOLE_LINE_CHARS - indent;
  return text
    .split('\n')
    .map((line) => (line.length <= room ? line : keepPairs(line, room - CUT_NOTE.length) + CUT_NOTE))
    .join('\n');
}

/** The first `end` characters, one fewer where the cut would split a surrogate pair. */
function keepPairs(line: string, end: number): string {
  return line.slice(0, /[\uD800-\uDBFF]/.test(line.charAt(end - 1)) ? end - 1 : end);
}
