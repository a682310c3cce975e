/**
 * The closing block of the e-invoice: the supplier's authorised-signatory box ("For <legal name>",
 * room to sign, "Authorised Signatory") on the right, as a printed Indian tax invoice ends (Rule 46(q)
 * asks for the supplier's signature), and the caller's terms and conditions on the left.
 * @module
 */
import { A4, type Canvas, MARGIN } from './engine/canvas.js';
import type { Flow } from './engine/flow.js';

const SIGN_WIDTH = 200;
/** Room left blank for a signature or stamp. */
const SIGN_SPACE = 34;
const BODY = { size: 8 };
const HEAD = { size: 7, color: [0.35, 0.35, 0.35] as [number, number, number] };

/** Draws the block at the flow's position (on a new page if it does not fit) and moves the flow below it. */
export function signatoryBlock(c: Canvas, flow: Flow, sellerName: string, terms: string | undefined): void {
  const width = A4[0] - 2 * MARGIN;
  const lh = c.lineHeight(8);
  const signLines = c.wrap(`For ${sellerName || 'the supplier'}`, SIGN_WIDTH - 8, { size: 8, bold: true });
  const termLines = (terms ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .flatMap((l) => c.wrap(l, width - SIGN_WIDTH - 8, BODY));
  const signH = 6 + signLines.length * lh + SIGN_SPACE + lh + 4;
  const termsH = termLines.length > 0 ? 6 + (termLines.length + 1) * lh : 0;
  const h = Math.max(signH, termsH);
  flow.ensure(h);
  const top = flow.y;
  const x = MARGIN + width - SIGN_WIDTH;
  c.rect(x, top, SIGN_WIDTH, h, 'stroke');
  let y = top + 4;
  for (const l of signLines) {
    c.text(l, x + SIGN_WIDTH - 4, y, { size: 8, bold: true, align: 'right' });
    y += lh;
  }
  c.text('Authorised Signatory', x + SIGN_WIDTH - 4, top + h - lh - 2, { size: 8, align: 'right' });
  if (termLines.length > 0) {
    c.rect(MARGIN, top, width - SIGN_WIDTH, h, 'stroke');
    c.text('Terms and Conditions', MARGIN + 3, top + 3, HEAD);
    let ty = top + 3 + lh;
    for (const l of termLines) {
      c.text(l, MARGIN + 3, ty, BODY);
      ty += lh;
    }
  }
  flow.y = top + h + 6;
}
