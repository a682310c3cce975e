/**
 * The goods the 2025-2026 changes single out: tobacco and pan masala (compensation cess until 31/01/2026)
 * and the goods valued on their retail sale price from 01/02/2026 (notifications 19/2025-CT and
 * 20/2025-CT of 31/12/2025; research/domain-2026.md 1.3).
 * @module
 */

/** HSN prefixes valued on retail sale price (RSP) from 01/02/2026: pan masala and tobacco products. */
export const RSP_HSN_PREFIXES: readonly string[] = ['21069020', '2401', '2402', '2403', '24041100', '24041900'];

/** Whether an HSN code is one of the RSP-valued goods. */
export function isRspHsn(hsn: string | undefined): boolean {
  return hsn !== undefined && RSP_HSN_PREFIXES.some((prefix) => hsn.startsWith(prefix));
}

/**
 * Whether an HSN code is tobacco or pan masala, the goods that kept compensation cess until 31/01/2026:
 * chapter 24 and pan masala (21069020).
 */
export function isTobaccoOrPanMasala(hsn: string | undefined): boolean {
  return hsn !== undefined && (hsn.startsWith('24') || hsn.startsWith('21069020'));
}
