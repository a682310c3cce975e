/**
 * The one error model of gstkit: every problem the library finds is an {@link Issue}.
 * @module
 */

/** How serious an issue is: errors block submission, warnings do not. */
export type Severity = 'error' | 'warning';

/** One problem found in a payload. */
export interface Issue {
  /** A portal code (IRP `2172`, EWB `604`) where the portal has one, otherwise an `SVC-nnn` code. */
  code: string;
  /** Plain English, naming the field. */
  message: string;
  /** JSON Pointer into the payload (`/ItemList/0/HsnCd`); empty string for the whole payload. */
  path: string;
  severity: Severity;
}

/** The result of a public function that can fail on bad input. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: Issue[] };

/** Builds an error issue. */
export function error(code: string, message: string, path = ''): Issue {
  return { code, message, path, severity: 'error' };
}

/** Builds a warning issue. */
export function warning(code: string, message: string, path = ''): Issue {
  return { code, message, path, severity: 'warning' };
}

/** Escapes one JSON Pointer segment (RFC 6901). */
export function pointerSegment(key: string | number): string {
  const text = String(key);
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

/** Joins JSON Pointer segments into a pointer. */
export function pointer(...segments: Array<string | number>): string {
  return segments.map((s) => '/' + pointerSegment(s)).join('');
}

/** Turns a JSON Pointer into the dotted form people read (`ItemList[0].HsnCd`). */
export function readablePath(path: string): string {
  if (path === '') return '(document)';
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`))
    .join('');
}
