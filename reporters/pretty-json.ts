// A JSON body laid out for reading in report.html. Re-indented token by token, not
// parsed and printed again: the evidence must show what the target sent, and
// JSON.stringify would round large numbers, rewrite `1.0` and escapes, and keep
// only the last of repeated keys.

/** A string, a punctuation mark, or a bare word (number, true, false, null); JSON whitespace falls between them. */
const TOKEN = /"(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+/g;

/** Valid JSON indented by two spaces, as JSON.stringify(value, null, 2) lays it out; any other text as it is. */
export function prettyJson(text: string): string {
  if (!isJson(text)) return text;
  const tokens = text.match(TOKEN) ?? [];
  const newline = (depth: number): string => `\n${'  '.repeat(depth)}`;
  let depth = 0;
  return tokens
    .map((token, i) => {
      // An empty object or array stays `{}` or `[]`, as JSON.stringify writes it.
      const opensEmpty = (token === '{' && tokens[i + 1] === '}') || (token === '[' && tokens[i + 1] === ']');
      const closesEmpty = (token === '}' && tokens[i - 1] === '{') || (token === ']' && tokens[i - 1] === '[');
      if (opensEmpty || closesEmpty) return token;
      if (token === '{' || token === '[') return token + newline(++depth);
      if (token === '}' || token === ']') return newline(--depth) + token;
      if (token === ',') return token + newline(depth);
      if (token === ':') return ': ';
      return token;
    })
    .join('');
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    // Not JSON, or nested deeper than the parser goes: shown as it is.
    return false;
  }
}
