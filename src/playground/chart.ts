/**
 * The reconciliation's summary as an inline SVG bar chart: the value (taxable plus tax) matched,
 * mismatched, missing from 2B and missing from the books, each bar labelled with its amount so the chart
 * reads without colour.
 * @module
 */
import { rupees } from './dom.js';

export interface ChartBar {
  label: string;
  value: number;
  /** A class of the stylesheet, which gives the colour. */
  tone: string;
}

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A horizontal bar per entry, scaled to the largest; the title names the chart for screen readers. */
export function barChart(title: string, bars: readonly ChartBar[]): SVGSVGElement {
  const rowHeight = 34;
  const labelWidth = 150;
  const width = 640;
  const barSpace = width - labelWidth - 150;
  const height = bars.length * rowHeight + 8;
  const largest = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-labelledby': 'chart-title', class: 'chart' });
  root.append(svg('title', { id: 'chart-title' }, `${title}: ${bars.map((b) => `${b.label} ${rupees(b.value)}`).join(', ')}`));
  bars.forEach((bar, i) => {
    const y = 4 + i * rowHeight;
    const length = Math.max(2, (Math.abs(bar.value) / largest) * barSpace);
    root.append(
      svg('text', { x: 0, y: y + 20, class: 'chart-label' }, bar.label),
      svg('rect', { x: labelWidth, y: y + 4, width: length, height: 22, rx: 3, class: `bar ${bar.tone}` }),
      svg('text', { x: labelWidth + length + 8, y: y + 20, class: 'chart-value' }, rupees(bar.value)),
    );
  });
  return root;
}
