/**
 * Consolidated e-waybills (trip sheets) in the store: numbered once, replaced whole.
 * @module
 */

/** One consolidated e-waybill (trip sheet). */
export interface TripSheetRow {
  tripSheetNo: string;
  companyId: string;
  /** The GSTIN that generated it (the transporter or the generator of its members). */
  genGstin: string;
  /** DD/MM/YYYY (IST) of generation. */
  genDate: string;
  /** `ACT`, or `REG` once regenerated under a new number. */
  status: string;
  /** The portal's record as JSON (members, vehicle, history). */
  record: Record<string, unknown>;
}

/** Where trip sheets are kept. */
export interface TripSheetStore {
  /** Refused (`inserted: false`) when the number is taken. */
  insertTripSheet(row: TripSheetRow): Promise<{ inserted: boolean }>;
  getTripSheet(tripSheetNo: string): Promise<TripSheetRow | undefined>;
  /** Replaces the status and record of a trip sheet. */
  updateTripSheet(tripSheetNo: string, status: string, record: Record<string, unknown>): Promise<void>;
}
