/**
 * The IRP's records in the store: registered IRNs, with the duplicate check the IRP enforces, and the IRNs
 * the central duplicate check rejected (NIC's Get-Rejected-IRNs list).
 * @module
 */

/** One registered IRN. */
export interface IrnRow {
  companyId: string;
  /** 64 lower-case hex characters. */
  irn: string;
  sellerGstin: string;
  /** Financial year of the document date, e.g. `2025-26`. */
  financialYear: string;
  docType: string;
  /** The document number as the duplicate check compares it (upper-cased where the IRP ignores case). */
  docKey: string;
  /** DD/MM/YYYY */
  docDate: string;
  /** Buyer GSTIN, or `URP`. */
  buyerGstin: string;
  /** `YYYY-MM` of the document date, for the buyer's GSTR-2A/2B. */
  docPeriod: string;
  status: string;
  /** The IRP's record as JSON (`RegisteredIrn`). */
  record: Record<string, unknown>;
}

/** One IRN the central duplicate check rejected, as NIC's Get-Rejected-IRNs lists it. */
export interface RejectedIrnRow {
  companyId: string;
  sellerGstin: string;
  irn: string;
  /** The IRP that issued the rejected IRN, whose list it is on (`IRP1`...). */
  irp: string;
  /** DD/MM/YYYY (IST), the day of the rejection. */
  rejectedOn: string;
  /** The list's entry as JSON. */
  entry: Record<string, unknown>;
}

/** Where registered and rejected IRNs are kept. */
export interface IrnStore {
  /**
   * Refused (`inserted: false`, with the row already there) when the IRN or the document (seller, financial
   * year, type, number) is registered, atomically, whatever number of servers race.
   */
  insertIrn(row: IrnRow): Promise<{ inserted: true } | { inserted: false; existing: IrnRow }>;
  getIrn(companyId: string, irn: string): Promise<IrnRow | undefined>;
  /** Replaces the record (and status) of an IRN. */
  updateIrn(companyId: string, irn: string, status: string, record: Record<string, unknown>): Promise<void>;
  /** Active IRNs with this buyer and document period. */
  irnsForBuyer(buyerGstin: string, period: string): Promise<IrnRow[]>;
  /** A company's IRNs (active and cancelled) of one seller GSTIN and document period, for its GSTR-1. */
  irnsOfSeller(companyId: string, sellerGstin: string, period: string): Promise<IrnRow[]>;

  /** Records a rejection; a second one of the same company, IRN and day is not added again. */
  addRejectedIrn(row: RejectedIrnRow): Promise<void>;
  /** A company's rejections on one IRP's list, of one seller GSTIN on one day (DD/MM/YYYY), in the order they were recorded. */
  rejectedIrns(companyId: string, irp: string, sellerGstin: string, rejectedOn: string): Promise<RejectedIrnRow[]>;
}
