/**
 * Cess on a line: ad valorem (rate on the taxable value) plus a non-ad-valorem amount, for the
 * central compensation cess and for state cess alike.
 * @module
 */

import { type Decimal, dec, type Numeric } from './decimal.js';
import { taxAt } from './tax-split.js';

/** Ad valorem cess: CesRt per cent of AssAmt (or StateCesRt for state cess), 2 places. */
export function adValoremCess(assAmt: Numeric, cessRate: Numeric): Decimal {
  return taxAt(assAmt, cessRate);
}

/** All cess of a line: ad valorem plus the non-ad-valorem amount sent. */
export function totalCess(adValorem: Numeric, nonAdValorem: Numeric): Decimal {
  return dec(adValorem).plus(dec(nonAdValorem));
}
