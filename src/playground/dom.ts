/**
 * The few DOM helpers the page is built with: an element maker that sets text (never HTML, so nothing a
 * dropped file holds can run), and a download of bytes the page made.
 * @module
 */

type Attributes = Record<string, string | number | boolean | undefined>;
type Child = Node | string | number | null | undefined | false;

/** An element with its attributes (`false` and `undefined` left out) and its children as text or nodes. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(typeof child === 'number' ? String(child) : child);
  return node;
}

/** The element of an id the page's HTML holds; a missing one is a bug of the page itself. */
export function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

/** A link that saves `bytes` under `name`, for a button beside a preview. */
export function downloadLink(bytes: Uint8Array, name: string, type: string, label: string, id?: string): HTMLAnchorElement {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  return el('a', { href: url, download: name, class: 'button', id }, label);
}

/** Indian grouping of a rupee amount: 1,23,456.78. */
export function rupees(value: number): string {
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Reads a dropped or chosen file as text. */
export function fileText(file: Blob): Promise<string> {
  return file.text();
}
