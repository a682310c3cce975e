/**
 * A `GstinRegistry` backed by the e-invoice portal's GSTIN details (`/eivital/v1.04/Master/gstin/{gstin}`).
 * The party record is the portal's answer as it is. The taxpayer search (GstinInfo) is filled from
 * the same answer: NIC's record has no jurisdictions, business activities or geocodes, so those
 * fields are absent rather than invented.
 * @module
 */
import type { GstinRegistry, ProviderResult } from '../../ports/index.js';
import type { NicIrpProvider } from './einvoice.js';

type Obj = Record<string, unknown>;

const TAXPAYER_TYPES: Record<string, string> = {
  REG: 'Regular',
  COM: 'Composition',
  SEZ: 'SEZ Unit',
  SED: 'SEZ Developer',
  ISD: 'Input Service Distributor',
  NRT: 'Non Resident',
  TDS: 'Tax Deductor',
  TCS: 'Tax Collector',
  UIN: 'UN Body',
  OIDAR: 'OIDAR',
};
const STATUSES: Record<string, string> = { ACT: 'Active', CNL: 'Cancelled', INA: 'Inactive', PRO: 'Provisional', SUS: 'Suspended' };

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The portal's `yyyy-MM-dd` or `dd/MM/yyyy` date as `yyyy-MM-dd`; null when absent. */
function isoDate(v: unknown): string | null {
  const s = text(v).trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(s);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** GstinInfo from the IRP's GSTIN record. */
export function gstinInfoFromMaster(d: Obj): Obj {
  const gstin = text(d['Gstin']);
  return {
    Gstin: gstin,
    Pan: gstin.slice(2, 12),
    LegalName: text(d['LegalName']),
    TradeName: text(d['TradeName']),
    RegistrationDate: isoDate(d['DtReg']),
    TaxPayerType: TAXPAYER_TYPES[text(d['TxpType'])] ?? text(d['TxpType']),
    TaxPayerStatus: STATUSES[text(d['Status'])] ?? text(d['Status']),
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
  const details = (gstin: string): Promise<ProviderResult<Obj>> => irp.gstinDetails(callerGstin, gstin);
  return {
    async lookup(gstin) {
      const out = await details(gstin);
      return out.ok ? { ok: true, value: gstinInfoFromMaster(out.value) } : out;
    },
    async party(gstin) {
      return details(gstin);
    },
  };
}
