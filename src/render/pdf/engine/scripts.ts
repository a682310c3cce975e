/**
 * The Indian scripts the documents print, each with its Noto Sans font (shipped in `fonts/`, SIL Open
 * Font License 1.1) and its OpenType script tag for shaping. Everything else goes to Noto Sans
 * (Latin, Latin-1, Latin Extended-A, Greek, Cyrillic, the rupee sign).
 */
export interface IndicScript {
  /** ISO 15924 code, also the font key. */
  readonly code: string;
  readonly name: string;
  readonly file: string;
  /** First and last code point of the Unicode block. */
  readonly range: readonly [number, number];
}

export const INDIC_SCRIPTS: readonly IndicScript[] = [
  { code: 'deva', name: 'Devanagari', file: 'NotoSansDevanagari-Regular.ttf', range: [0x0900, 0x097f] },
  { code: 'beng', name: 'Bengali', file: 'NotoSansBengali-Regular.ttf', range: [0x0980, 0x09ff] },
  { code: 'guru', name: 'Gurmukhi', file: 'NotoSansGurmukhi-Regular.ttf', range: [0x0a00, 0x0a7f] },
  { code: 'gujr', name: 'Gujarati', file: 'NotoSansGujarati-Regular.ttf', range: [0x0a80, 0x0aff] },
  { code: 'orya', name: 'Odia', file: 'NotoSansOriya-Regular.ttf', range: [0x0b00, 0x0b7f] },
  { code: 'taml', name: 'Tamil', file: 'NotoSansTamil-Regular.ttf', range: [0x0b80, 0x0bff] },
  { code: 'telu', name: 'Telugu', file: 'NotoSansTelugu-Regular.ttf', range: [0x0c00, 0x0c7f] },
  { code: 'knda', name: 'Kannada', file: 'NotoSansKannada-Regular.ttf', range: [0x0c80, 0x0cff] },
  { code: 'mlym', name: 'Malayalam', file: 'NotoSansMalayalam-Regular.ttf', range: [0x0d00, 0x0d7f] },
];

/** The Indic script of a code point, by Unicode block; undefined for every other character. */
export function indicScript(cp: number): IndicScript | undefined {
  if (cp < 0x0900 || cp > 0x0d7f) return undefined;
  return INDIC_SCRIPTS[(cp - 0x0900) >> 7];
}

/**
 * Characters that belong to the run around them rather than starting a Latin run: the dandas (used
 * by several scripts, in the Devanagari block), joiners, the dotted circle, spaces and common
 * punctuation, when the run's font has them.
 */
export function joinsRun(cp: number): boolean {
  return (
    cp === 0x0964 ||
    cp === 0x0965 ||
    cp === 0x200c ||
    cp === 0x200d ||
    cp === 0x25cc ||
    cp === 0x20 ||
    cp === 0xa0 ||
    (cp >= 0x21 && cp <= 0x2f) ||
    (cp >= 0x3a && cp <= 0x40)
  );
}
