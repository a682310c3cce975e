import { A4, type Canvas, MARGIN, type TextStyle } from './canvas.js';

/** A table column: header, width in points, alignment. */
export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

export const CELL_PAD = 2.5;
export const FOOTER_SPACE = 30;

/**
 * Lays content out down the pages: a cursor, a page-start hook (repeated page header and table
 * header) and tables whose rows never split a cell line across the edge of a cell.
 */
export class Flow {
  y = MARGIN;
  onNewPage: () => void = () => {};

  constructor(readonly canvas: Canvas) {}

  get bottom(): number {
    return A4[1] - MARGIN - FOOTER_SPACE;
  }

  newPage(): void {
    this.canvas.addPage();
    this.y = MARGIN;
    this.onNewPage();
  }

  /** Starts a new page unless `height` points still fit. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  tableHeader(columns: Column[], style: TextStyle): void {
    const c = this.canvas;
    const lines = columns.map((col) => c.wrap(col.header, col.width - 2 * CELL_PAD, style));
    const h = Math.max(...lines.map((l) => l.length)) * c.lineHeight(style.size) + 2 * CELL_PAD;
    c.rect(
      MARGIN,
      this.y,
      columns.reduce((s, col) => s + col.width, 0),
      h,
      'fill',
      0.9,
    );
    this.cells(columns, lines, h, style);
  }

  /** Draws one row's cell texts and outlines, `h` high, and moves below it. */
  private cells(columns: Column[], lines: string[][], h: number, style: TextStyle): void {
    const c = this.canvas;
    let x = MARGIN;
    const widths: number[] = [];
    for (let i = 0; i < columns.length; i++) {
      const col = columns[i] as Column;
      this.cellText(lines[i] as string[], x, col, style);
      widths.push(col.width);
      x += col.width;
    }
    c.cells(MARGIN, this.y, widths, h);
    this.y += h;
  }

  private cellText(lines: string[], x: number, col: Column, style: TextStyle): void {
    const c = this.canvas;
    const lh = c.lineHeight(style.size);
    const align = col.align ?? 'left';
    const tx = align === 'right' ? x + col.width - CELL_PAD : align === 'center' ? x + col.width / 2 : x + CELL_PAD;
    for (let k = 0; k < lines.length; k++) c.place(lines[k] as string, tx, this.y + CELL_PAD + k * lh, style, align);
  }

  /**
   * One table row. Cells wrap inside their column; when a row does not fit on the page a new page
   * starts (with the hook's headers); a row taller than a whole page is cut to what a page holds.
   */
  row(columns: Column[], cells: string[], style: TextStyle, repeatHeader: () => void): void {
    const c = this.canvas;
    const lh = c.lineHeight(style.size);
    let lines = columns.map((col, i) => c.wrap(cells[i] ?? '', col.width - 2 * CELL_PAD, style));
    let h = Math.max(...lines.map((l) => l.length)) * lh + 2 * CELL_PAD;
    if (this.y + h > this.bottom) {
      this.newPage();
      repeatHeader();
      const room = Math.floor((this.bottom - this.y - 2 * CELL_PAD) / lh);
      if (h > this.bottom - this.y) {
        lines = lines.map((l) => (l.length > room ? [...l.slice(0, room - 1), `${l[room - 1] ?? ''}...`] : l));
        h = room * lh + 2 * CELL_PAD;
      }
    }
    this.cells(columns, lines, h, style);
  }

  /** Writes "Page n of N" and a note at the foot of every page. */
  footers(note: string): void {
    const c = this.canvas;
    const total = c.pages.length;
    c.pages.forEach((p, i) => {
      const top = A4[1] - MARGIN - 12;
      c.line(MARGIN, top - 4, A4[0] - MARGIN, top - 4, p);
      c.text(note, MARGIN, top, { size: 7, color: [0.35, 0.35, 0.35] }, p);
      c.text(`Page ${i + 1} of ${total}`, A4[0] - MARGIN, top, { size: 8, align: 'right' }, p);
    });
  }
}
