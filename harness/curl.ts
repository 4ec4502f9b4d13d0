// The curl line of an exchange: the request sent again, as pasted into a shell.
// A credential is written as the name of its environment variable ($CP_TOKEN),
// never as its value nor as `***`, so the line runs wherever the variables are set.
import type { RecordedRequest } from '../results/model.ts';

/** A credential of the run and the environment variable that holds it. */
export interface CredentialVariable {
  value: string;
  variable: string;
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl line that sends the recorded (already masked) request again. `authorization`
 * is the Authorization header as sent, before masking: where it holds a credential, the
 * line names the credential's variable; where it holds none (a token the suite made up
 * to be refused), the line sends it as it was sent, so that it shows the same refusal.
 */
export function curlLine(request: RecordedRequest, authorization?: { sent: string; credentials: readonly CredentialVariable[] }): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    const sent = name.toLowerCase() === 'authorization' && authorization ? `${name}: ${authorization.sent}` : undefined;
    parts.push('-H', sent === undefined ? shellQuote(`${name}: ${value}`) : (withVariables(sent, authorization!.credentials) ?? shellQuote(sent)));
  }
  if (request.body === undefined) return parts.join(' ');
  // One argument may hold 128 KiB at most (Linux's MAX_ARG_STRLEN): a larger body is read from a here-document.
  if (request.body.length <= INLINE_BODY_CHARS) return [...parts, '--data-binary', shellQuote(request.body)].join(' ');
  return `${[...parts, '--data-binary', '@-'].join(' ')} <<'${HEREDOC_END}'\n${request.body}\n${HEREDOC_END}`;
}

/** Bodies up to this length go on the command line; JSON written by JSON.stringify never holds a line that ends the here-document. */
const INLINE_BODY_CHARS = 64 * 1024;
const HEREDOC_END = 'CP_CONFORMANCE_BODY';

type Piece = { text: string } | { variable: string };

/** `text` as one shell word with each credential replaced by its variable; undefined when it holds none. */
function withVariables(text: string, credentials: readonly CredentialVariable[]): string | undefined {
  let pieces: Piece[] = [{ text }];
  // Longest first: a credential that contains another is named whole.
  for (const { value, variable } of [...credentials].sort((a, b) => b.value.length - a.value.length)) {
    if (value === '') continue;
    pieces = pieces.flatMap((piece): Piece[] =>
      'variable' in piece ? [piece] : piece.text.split(value).flatMap((part, i): Piece[] => (i === 0 ? [{ text: part }] : [{ variable }, { text: part }])),
    );
  }
  if (!pieces.some((piece) => 'variable' in piece)) return undefined;
  const used = pieces.filter((piece) => !('text' in piece) || piece.text !== '');
  // Inside double quotes an interactive shell expands `!`: such text goes in single quotes beside them.
  if (used.some((piece) => 'text' in piece && piece.text.includes('!'))) {
    return used.map((piece) => ('variable' in piece ? `"$${piece.variable}"` : shellQuote(piece.text))).join('');
  }
  return `"${used.map((piece) => ('variable' in piece ? `$${piece.variable}` : piece.text.replace(/[\\"$`]/g, '\\$&'))).join('')}"`;
}
