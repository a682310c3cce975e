/**
 * Quoting input in messages, at most a short prefix of it: a message that echoes a value must not grow
 * with the value (a 1 MB document number must not come back whole).
 * @module
 */
import type { Issue } from './issue.js';

/** The most characters of one value (one unbroken run of text) a message repeats. */
export const QUOTE_LIMIT = 64;
/** The most characters of one message. */
export const MESSAGE_LIMIT = 1000;
const ELLIPSIS = '…';

/** A value for a message: JSON-quoted text cut to its first {@link QUOTE_LIMIT} characters. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const shown = JSON.stringify(text.length > QUOTE_LIMIT ? text.slice(0, QUOTE_LIMIT) : text);
  return text.length > QUOTE_LIMIT ? `${shown.slice(0, -1)}${ELLIPSIS}"` : shown;
}

/**
 * A message with every unbroken run of more than {@link QUOTE_LIMIT} characters cut to that many and an
 * ellipsis (a closing quote is kept), and the whole at most {@link MESSAGE_LIMIT} characters. One pass, so
 * linear in the message, whatever its quotes. Messages gstkit writes itself have no run that long.
 */
export function boundText(text: string, runLimit = QUOTE_LIMIT, limit = MESSAGE_LIMIT): string {
  if (text.length <= runLimit) return text;
  let out = '';
  let run = 0;
  let cut = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\n') {
      run = 0;
      cut = false;
    } else if (++run > runLimit) {
      if (!cut) out += ELLIPSIS;
      cut = true;
      // keep the quote that closes a cut value, so the message still reads as quoted
      if (c === '"' && (text[i + 1] === undefined || /[\s,;:.)\]}]/.test(text[i + 1]!))) out += c;
      continue;
    }
    out += c;
    if (out.length >= limit) return out + ELLIPSIS;
  }
  return out;
}

/** A JSON Pointer with each segment cut to {@link QUOTE_LIMIT} characters (a 1 MB key is no place). */
export function boundPointer(path: string): string {
  if (path.length <= QUOTE_LIMIT) return path;
  return path
    .split('/')
    .map((s) => (s.length > QUOTE_LIMIT ? s.slice(0, QUOTE_LIMIT) + ELLIPSIS : s))
    .join('/');
}

/** An issue whose message and path echo no more than a short prefix of any value. */
export function boundIssue(issue: Issue): Issue {
  const message = boundText(issue.message);
  const path = boundPointer(issue.path);
  return message === issue.message && path === issue.path ? issue : { ...issue, message, path };
}
