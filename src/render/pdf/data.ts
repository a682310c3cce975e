import { state } from '../../masters/index.js';

export type Json = Record<string, unknown>;

export function obj(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A printable string for a scalar field; empty for missing values. */
export function str(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** "Karnataka (29)" for a state code; the bare code when the master does not know it. */
export function stateLabel(code: unknown): string {
  const c = str(code);
  if (c === '') return '';
  const name = state(c)?.name;
  return name ? `${name} (${c.padStart(2, '0')})` : c;
}

/** Parses `DD/MM/YYYY` or `DD/MM/YYYY HH:MM:SS` (or `YYYY-MM-DD HH:mm:ss`) as India time. */
export function parseIst(text: string): Date | undefined {
  let m = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?/i.exec(text);
  let y: number, mo: number, d: number;
  if (m) {
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else {
    m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
    if (!m) return undefined;
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  let h = Number(m[4] ?? 0);
  if (m[7]) h = (h % 12) + (m[7].toUpperCase() === 'PM' ? 12 : 0);
  const t = Date.UTC(y, mo - 1, d, h, Number(m[5] ?? 0), Number(m[6] ?? 0)) - 330 * 60_000;
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** Address lines of a party block. */
export function addressLines(p: Json | undefined, stateKey = 'Stcd'): string[] {
  if (!p) return [];
  const lines: string[] = [];
  for (const k of ['Addr1', 'Addr2']) if (str(p[k])) lines.push(str(p[k]));
  const locPin = [str(p['Loc']), str(p['Pin'])].filter((s) => s !== '').join(' - ');
  if (locPin) lines.push(locPin);
  const st = stateLabel(p[stateKey]);
  if (st) lines.push(`State: ${st}`);
  return lines;
}
