/**
 * A `GstinRegistry` backed by the e-invoice portal's GSTIN details (`/eivital/v1.04/Master/gstin/{gstin}`).
 * The party record is the portal's answer read as the `party-gstin` kind (dates as DD/MM/YYYY). The taxpayer search (GstinInfo) is filled from
 * the same answer: NIC's record has no jurisdictions, business activities or geocodes, so those
 * fields are absent rather than invented.
 * @module
 */
import type { GstinDetails, GstinRegistry, PartyGstinRecord, ProviderResult } from '../../ports/index.js';
import { normalize } from '../../normalize/normalize.js';
import type { PartyGstin } from '../../types/payloads.js';
import { connectorCodes } from './codes.js';
import { connectorRefusal } from './errors.js';
import type { NicIrpProvider } from './einvoice.js';

type Obj = Record<string, unknown>;

/** The e-invoice portal's taxpayer type codes, in the taxpayer search's names (schemas/gstin-info). */
const TAXPAYER_TYPES: Record<string, NonNullable<GstinDetails['TaxPayerType']>> = {
  REG: 'Regular',
  COM: 'Composition',
  SEZ: 'SEZ Unit',
  SED: 'SEZ Developer',
  ISD: 'Input Service Distributor (ISD)',
  NRT: 'Non Resident Taxable Person',
  TDS: 'Tax Deductor',
  TCS: 'Tax Collector (Electronic Commerce Operator)',
  UIN: 'United Nation Body',
  OIDAR: 'Non Resident Online Services Provider',
};
const STATUSES: Record<string, GstinDetails['TaxPayerStatus']> = {
  ACT: 'Active',
  CNL: 'Cancelled',
  INA: 'Inactive',
  PRO: 'Provisional',
  SUS: 'Suspended',
};

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The portal's `yyyy-MM-dd` or `dd/MM/yyyy` date as `yyyy-MM-dd`; null when absent. */
function isoDate(v: unknown): string | null {
  const s = text(v).trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(s);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * GstinInfo's details from the IRP's GSTIN record; undefined when the record has no status the search can
 * name (the search's status is required, and is not invented). A type code the search has no name for is left out.
 */
export function gstinInfoFromMaster(d: PartyGstinRecord | Obj): GstinDetails | undefined {
  const gstin = text(d['Gstin']);
  const status = STATUSES[text(d['Status'])];
  if (status === undefined) return undefined;
  const type = TAXPAYER_TYPES[text(d['TxpType'])];
  const registered = isoDate(d['DtReg']);
  return {
    Gstin: gstin,
    Pan: gstin.slice(2, 12),
    LegalName: text(d['LegalName']),
    TradeName: text(d['TradeName']),
    ...(registered === null ? {} : { RegistrationDate: registered }),
    ...(type === undefined ? {} : { TaxPayerType: type }),
    TaxPayerStatus: status,
    CancellationDate: isoDate(d['DtDReg']),
    PrincipalAddr: {
      DoorNo: text(d['AddrBno']),
      FloorNo: text(d['AddrFlno']),
      BuildingName: text(d['AddrBnm']),
      Street: text(d['AddrSt']),
      Locality: text(d['AddrLoc']),
      StateCode: text(d['StateCode']).padStart(2, '0'),
      PinCode: text(d['AddrPncd']),
    },
    AdditionalAddr: [],
  };
}

/** Look-ups through the e-invoice portal, asked with the session of `callerGstin` (one of the company's). */
export function createNicRegistry(irp: NicIrpProvider, callerGstin: string): GstinRegistry {
  const details = async (gstin: string): Promise<ProviderResult<PartyGstinRecord>> => {
    const out = await irp.gstinDetails(callerGstin, gstin);
    if (!out.ok) return out;
    // Read as the service's kind: the IRP's yyyy-MM-dd dates become DD/MM/YYYY, codes and numbers their types.
    const { Success: _success, Errors: _errors, ...record } = normalize<PartyGstin>('party-gstin', { Success: true, ...out.value }).value;
    return { ok: true, value: record };
  };
  return {
    async lookup(gstin) {
      const out = await details(gstin);
      if (!out.ok) return out;
      const info = gstinInfoFromMaster(out.value);
      if (info === undefined) {
        return connectorRefusal(
          connectorCodes.badAnswer,
          `the e-invoice portal answered GSTIN ${gstin} with no status (Status ${text(out.value.Status) || 'absent'})`,
          502,
        );
      }
      return { ok: true, value: info };
    },
    party: details,
  };
}
