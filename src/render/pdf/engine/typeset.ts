import { indicFont, latinFonts, type FontFile } from './font.js';
import { INDIC_SCRIPTS, indicScript, joinsRun } from './scripts.js';

/**
 * Text to positioned glyphs. A string is cut into runs by script: Indic runs are shaped by HarfBuzz
 * in their Noto font (conjuncts, vowel signs before the consonant, marks placed by the font), the
 * rest is drawn glyph by glyph from Noto Sans. A character no font has is drawn as a `?` and
 * reported, never dropped silently.
 */

/** One run of glyphs in one font. Widths and positions are in thousandths of the font size. */
export interface Run {
  readonly font: FontFile;
  /** Glyph ids of the full font. */
  readonly glyphs: number[];
  /** For shaped runs: horizontal offset of each glyph from the pen, vertical offset, and pen advance. */
  readonly dx?: number[];
  readonly dy?: number[];
  readonly advances?: number[];
  /**
   * Unicode of each glyph for the ToUnicode map, where one glyph stands for known text; absent for
   * unshaped runs, whose glyphs are the code points of `text` one for one.
   */
  readonly unicode?: Array<string | undefined>;
  /** The run's text (a missing character as `?`), for ActualText and ToUnicode. */
  readonly text: string;
  readonly width: number;
  /** Regular weight standing in for bold: drawn with an outline. */
  readonly outlineBold: boolean;
}

export interface Line {
  readonly runs: Run[];
  readonly width: number;
  /** Characters that no font could draw (each printed as `?`). */
  readonly missing: string[];
}

const INDIC_TEXT = /[\u0900-\u0d7f]/;

/** The Indic scripts used anywhere in the string values of `value`. */
export function scriptsUsed(value: unknown, found = new Set<string>(), depth = 0): Set<string> {
  if (typeof value === 'string') {
    if (INDIC_TEXT.test(value)) {
      for (const ch of value) {
        const s = indicScript(ch.codePointAt(0) as number);
        if (s) found.add(s.code);
      }
    }
  } else if (value !== null && typeof value === 'object' && depth < 8) {
    for (const v of Array.isArray(value) ? value : Object.values(value)) scriptsUsed(v, found, depth + 1);
  }
  return found;
}

const shared = new Map<string, Promise<Typesetter>>();

/** Lays out text with a set of fonts. */
export class Typesetter {
  private readonly regularLines = new Map<string, Line>();
  private readonly boldLines = new Map<string, Line>();

  private constructor(
    readonly regular: FontFile,
    readonly bold: FontFile,
    private readonly indic: Map<string, FontFile>,
  ) {}

  /**
   * A typesetter with Noto Sans and the fonts of `scripts` (ISO 15924 codes) loaded. Typesetters are
   * kept per set of scripts, so their layouts (labels, amounts, state names) serve later documents.
   */
  static async create(scripts: Iterable<string> = []): Promise<Typesetter> {
    const codes = [...new Set(scripts)].sort();
    const key = codes.join(',');
    let t = shared.get(key);
    if (!t) {
      t = (async () => {
        const { regular, bold } = await latinFonts();
        const indic = new Map<string, FontFile>();
        for (const code of codes) indic.set(code, await indicFont(code));
        return new Typesetter(regular, bold, indic);
      })();
      // At most 2^9 sets of scripts; in practice a handful.
      shared.set(key, t);
      // A font that failed to load is not kept: the next document asks the font loader again.
      t.catch(() => shared.delete(key));
    }
    return t;
  }

  /** Width of `text` in thousandths of the font size. */
  measure(text: string, bold = false): number {
    return this.line(text, bold).width;
  }

  line(text: string, bold = false): Line {
    const cache = bold ? this.boldLines : this.regularLines;
    let line = cache.get(text);
    if (line === undefined) {
      line = this.layout(text, bold);
      // Labels, amounts, names and wrap candidates repeat within and across documents.
      if (cache.size > 10_000) cache.clear();
      cache.set(text, line);
    }
    return line;
  }

  private layout(text: string, bold: boolean): Line {
    const latin = bold ? this.bold : this.regular;
    const runs: Run[] = [];
    const missing: string[] = [];
    let width = 0;
    // Latin run being collected.
    let glyphs: number[] = [];
    let latinText = '';
    let latinWidth = 0;
    const flushLatin = (): void => {
      if (glyphs.length === 0) return;
      runs.push({ font: latin, glyphs, text: latinText, width: latinWidth, outlineBold: false });
      width += latinWidth;
      glyphs = [];
      latinText = '';
      latinWidth = 0;
    };
    const scale = 1000 / latin.metrics.unitsPerEm;
    const cps = Array.from(text, (ch) => ch.codePointAt(0) as number);
    let i = 0;
    while (i < cps.length) {
      const cp = cps[i] as number;
      const script = indicScript(cp);
      const font = script ? this.indic.get(script.code) : undefined;
      if (script && font?.shape && !(joinsRun(cp) && latin.glyph(cp) !== 0)) {
        // An Indic run: this script's letters and the marks, joiners and spaces between them.
        let end = i + 1;
        while (end < cps.length) {
          const next = cps[end] as number;
          const nextScript = indicScript(next);
          if (
            nextScript
              ? nextScript === script || (joinsRun(next) && font.glyph(next) !== 0)
              : joinsRun(next) && font.glyph(next) !== 0 && this.continues(cps, end, script.code)
          )
            end++;
          else break;
        }
        flushLatin();
        const run = this.shaped(font, cps.slice(i, end), script.code, bold, missing);
        runs.push(run);
        width += run.width;
        i = end;
        continue;
      }
      let gid = latin.glyph(cp);
      let ch = String.fromCodePoint(cp);
      if (gid === 0) {
        missing.push(ch);
        gid = latin.glyph(0x3f);
        ch = '?';
      }
      glyphs.push(gid);
      latinText += ch;
      latinWidth += (latin.advance[gid] as number) * scale;
      i++;
    }
    flushLatin();
    return { runs, width, missing };
  }

  /** Whether the script run goes on after the spaces and punctuation starting at `at`. */
  private continues(cps: number[], at: number, code: string): boolean {
    for (let k = at; k < cps.length; k++) {
      const cp = cps[k] as number;
      const s = indicScript(cp);
      if (s) return s.code === code;
      if (!joinsRun(cp)) return false;
    }
    return false;
  }

  private shaped(font: FontFile, cps: number[], script: string, bold: boolean, missing: string[]): Run {
    const out = (font.shape as NonNullable<FontFile['shape']>)(cps, script);
    const scale = 1000 / font.metrics.unitsPerEm;
    const glyphs: number[] = [];
    const dx: number[] = [];
    const dy: number[] = [];
    const advances: number[] = [];
    const unicode: Array<string | undefined> = [];
    // Cluster boundaries: a cluster runs from its index to the next larger cluster index.
    const starts = [...new Set(out.map((g) => g.cluster))].sort((a, b) => a - b);
    const clusterText = (c: number): string => {
      const next = starts.find((s) => s > c) ?? cps.length;
      return String.fromCodePoint(...cps.slice(c, next));
    };
    const perCluster = new Map<number, number>();
    for (const g of out) perCluster.set(g.cluster, (perCluster.get(g.cluster) ?? 0) + 1);
    let width = 0;
    for (const g of out) {
      if (g.gid === 0) missing.push(clusterText(g.cluster));
      glyphs.push(g.gid);
      dx.push(g.dx * scale);
      dy.push(g.dy * scale);
      advances.push(g.advance * scale);
      width += g.advance * scale;
      const text = clusterText(g.cluster);
      const single = [...text].find((ch) => font.glyph(ch.codePointAt(0) as number) === g.gid);
      unicode.push(perCluster.get(g.cluster) === 1 ? text : single);
    }
    return { font, glyphs, dx, dy, advances, unicode, text: String.fromCodePoint(...cps), width, outlineBold: bold };
  }
}

/** Names of the scripts a typesetter can shape, for messages. */
export const SCRIPT_NAMES = INDIC_SCRIPTS.map((s) => s.name);
