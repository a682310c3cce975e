/**
 * The sandbox GSTIN registry: a few fictional taxpayers with valid check characters, taxpayer
 * search (SPEC 2.10) with suggestions by similarity, and the e-invoice party record (SPEC 2.11).
 * @module
 */
import { error } from '../issue.js';
import { isValidGstin, state } from '../masters/index.js';
import type { GstinDetails, GstinRegistry, GstinSuggestion, PartyGstinRecord, ProviderResult } from '../ports/index.js';

/** One taxpayer as the sandbox keeps it. */
export interface SandboxTaxpayer {
  gstin: string;
  legalName: string;
  tradeName: string;
  /** Constitution of business. */
  bizEntityType?: string;
  /** The registry's name for the type (`Regular` when absent). */
  taxPayerType?: NonNullable<GstinDetails['TaxPayerType']>;
  /** Active, Cancelled, Suspended, Inactive, Provisional... (`Active` when absent). */
  status?: GstinDetails['TaxPayerStatus'];
  /** `B` when e-waybill generation is blocked for non-filing of returns. */
  blocked?: boolean;
  registrationDate?: string;
  cancellationDate?: string;
  building?: string;
  street?: string;
  locality?: string;
  city?: string;
  pinCode?: string;
  businessActivities?: string[];
}

/** The fictional taxpayers every sandbox starts with. */
export const sampleTaxpayers: readonly SandboxTaxpayer[] = [
  // The parties of the bundled examples (docs/examples), so that they can be sent to the sandbox as they are.
  {
    gstin: '29AAGCK4821M1Z4',
    legalName: 'Kaveri Components Private Limited',
    tradeName: 'Kaveri Components',
    city: 'Bengaluru',
    pinCode: '560001',
    bizEntityType: 'Private Limited Company',
  },
  {
    gstin: '29AADCN7314Q1ZU',
    legalName: 'Nandi Hills Retail Private Limited',
    tradeName: 'Nandi Hills Retail',
    city: 'Mysuru',
    pinCode: '570001',
    bizEntityType: 'Private Limited Company',
  },
  {
    gstin: '33AAHCT2290K1Z6',
    legalName: 'Thamirabarani Fasteners Private Limited',
    tradeName: 'Thamirabarani Fasteners',
    city: 'Chennai',
    pinCode: '600032',
    bizEntityType: 'Private Limited Company',
  },
  {
    gstin: '29AAJCB9052D1ZK',
    legalName: 'Brindavan Consumer Electronics Private Limited',
    tradeName: 'Brindavan Electronics',
    city: 'Bengaluru',
    pinCode: '560003',
    bizEntityType: 'Private Limited Company',
  },
  {
    gstin: '33AAEFV6613B1ZL',
    legalName: 'Vaigai Engineering Works',
    tradeName: 'Vaigai Engineering Works',
    city: 'Coimbatore',
    pinCode: '641004',
    bizEntityType: 'Partnership',
  },
  {
    gstin: '29AAGCM4821K1Z6',
    legalName: 'Mysore Lantern Works Private Limited',
    tradeName: 'Lantern Works',
    city: 'Bengaluru',
    pinCode: '560001',
    bizEntityType: 'Private Limited Company',
  },
  {
    gstin: '27AAHCK7310P1Z3',
    legalName: 'Konkan Tile Traders Private Limited',
    tradeName: 'Konkan Tiles',
    city: 'Mumbai',
    pinCode: '400001',
    bizEntityType: 'Private Limited Company',
  },
  { gstin: '33AAJFN2954R1ZN', legalName: 'Nilgiri Loom Partners', tradeName: 'Nilgiri Loom', city: 'Chennai', pinCode: '600001', bizEntityType: 'Partnership' },
  {
    gstin: '24AAKCT6107D1ZL',
    legalName: 'Tapti Pulley Company Private Limited',
    tradeName: 'Tapti Pulleys',
    city: 'Surat',
    pinCode: '395003',
    blocked: true,
    bizEntityType: 'Private Limited Company',
  },
  {
    gstin: '07AALCV3378H1ZV',
    legalName: 'Vasant Ink Private Limited',
    tradeName: 'Vasant Ink',
    city: 'New Delhi',
    pinCode: '110001',
    status: 'Cancelled',
    cancellationDate: '2024-03-31',
    bizEntityType: 'Private Limited Company',
  },
  {
    gstin: '09AANPR5526G1ZA',
    legalName: 'Ravi Kumar Rastogi',
    tradeName: 'Rastogi Brass Stores',
    city: 'Lucknow',
    pinCode: '226001',
    taxPayerType: 'Composition',
    bizEntityType: 'Proprietorship',
  },
  {
    gstin: '19AAPCS8843L1ZC',
    legalName: 'Sundarban Jute Mills Limited',
    tradeName: 'Sundarban Jute',
    city: 'Kolkata',
    pinCode: '700001',
    bizEntityType: 'Public Limited Company',
  },
  {
    gstin: '32AABCW1190M1ZA',
    legalName: 'Western Ghats Spice Private Limited',
    tradeName: 'Ghats Spice',
    city: 'Kochi',
    pinCode: '682001',
    bizEntityType: 'Private Limited Company',
  },
];

/** A sandbox registry that also lets the host add taxpayers. */
export interface SandboxRegistry extends GstinRegistry {
  add(taxpayer: SandboxTaxpayer): void;
  get(gstin: string): SandboxTaxpayer | undefined;
  isBlocked(gstin: string): boolean;
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}

/** The e-invoice area's status codes; a status it has no code for (Suspended, pending verification) is left out of the party record. */
const statusCode: Partial<Record<GstinDetails['TaxPayerStatus'], NonNullable<PartyGstinRecord['Status']>>> = {
  Active: 'ACT',
  Cancelled: 'CNL',
  Inactive: 'INA',
  Provisional: 'PRO',
};

/** Builds a registry holding the sample taxpayers plus `extra`. */
export function createSandboxRegistry(extra: readonly SandboxTaxpayer[] = []): SandboxRegistry {
  const byGstin = new Map<string, SandboxTaxpayer>();
  for (const t of [...sampleTaxpayers, ...extra]) byGstin.set(t.gstin, t);

  const suggestionsFor = (text: string): GstinSuggestion[] =>
    [...byGstin.values()]
      .map((t) => ({ t, d: distance(text, t.gstin) }))
      .filter((x) => x.d <= 4)
      .sort((x, y) => x.d - y.d || x.t.gstin.localeCompare(y.t.gstin))
      .slice(0, 5)
      .map(({ t }) => {
        const st = state(t.gstin.slice(0, 2));
        return {
          Gstin: t.gstin,
          LegalName: t.legalName,
          TradeName: t.tradeName,
          StateName: st?.name ?? '',
          StateCode: t.gstin.slice(0, 2),
        };
      });

  const find = (raw: string): ProviderResult<SandboxTaxpayer> => {
    const gstin = raw.trim().toUpperCase();
    if (!isValidGstin(gstin)) {
      return {
        ok: false,
        status: 400,
        errors: [error('SVC-152', 'Invalid GSTIN')],
        info: { Suggestions: suggestionsFor(gstin) },
      };
    }
    const t = byGstin.get(gstin);
    if (!t) {
      return {
        ok: false,
        status: 404,
        errors: [error('3028', `GSTIN ${gstin} is not present in the taxpayer registry`)],
        info: { Suggestions: suggestionsFor(gstin) },
      };
    }
    return { ok: true, value: t };
  };

  const address = (t: SandboxTaxpayer): Record<string, string> => {
    const st = state(t.gstin.slice(0, 2));
    return {
      DoorNo: '12',
      FloorNo: 'Ground',
      BuildingName: t.building ?? `${t.tradeName} House`,
      Street: t.street ?? 'Station Road',
      Landmark: '',
      Locality: t.locality ?? 'Central',
      Location: t.city ?? '',
      City: t.city ?? '',
      District: t.city ?? '',
      StateName: st?.name ?? '',
      StateCode: t.gstin.slice(0, 2),
      PinCode: t.pinCode ?? '',
      GeoCodeLevel: '',
      Longitude: '',
      Lattitude: '',
      BusinessActivities: (t.businessActivities ?? ['Wholesale Business'])[0] ?? '',
    };
  };

  return {
    add(t) {
      byGstin.set(t.gstin, t);
    },
    get(gstin) {
      return byGstin.get(gstin);
    },
    isBlocked(gstin) {
      return byGstin.get(gstin)?.blocked === true;
    },
    async lookup(raw): Promise<ProviderResult<GstinDetails>> {
      const found = find(raw);
      if (!found.ok) return found;
      const t = found.value;
      return {
        ok: true,
        value: {
          Gstin: t.gstin,
          Pan: t.gstin.slice(2, 12),
          LegalName: t.legalName,
          TradeName: t.tradeName,
          RegistrationDate: t.registrationDate ?? '2017-07-01',
          BizEntityType: t.bizEntityType ?? 'Private Limited Company',
          TaxPayerType: t.taxPayerType ?? 'Regular',
          TaxPayerStatus: t.status ?? 'Active',
          ...(t.cancellationDate ? { CancellationDate: t.cancellationDate } : {}),
          StateJurisdictionCode: `${t.gstin.slice(0, 2)}001`,
          StateJurisdiction: `State - ${state(t.gstin.slice(0, 2))?.name ?? ''}, Ward 1`,
          CenterJurisdictionCode: `C${t.gstin.slice(0, 2)}0101`,
          CenterJurisdiction: 'Commissionerate - Sandbox, Division - I, Range - I',
          BusinessActivities: t.businessActivities ?? ['Wholesale Business'],
          EinvoiceStatus: 'Yes',
          LastUpdateDate: '2024-04-01',
          PrincipalAddr: address(t),
          AdditionalAddr: [],
        },
      };
    },
    async party(raw): Promise<ProviderResult<PartyGstinRecord>> {
      const found = find(raw);
      if (!found.ok) return found;
      const t = found.value;
      const status = statusCode[t.status ?? 'Active'];
      return {
        ok: true,
        value: {
          Gstin: t.gstin,
          TradeName: t.tradeName,
          LegalName: t.legalName,
          AddrBnm: t.building ?? `${t.tradeName} House`,
          AddrBno: '12',
          AddrFlno: 'Ground',
          AddrSt: t.street ?? 'Station Road',
          AddrLoc: t.city ?? '',
          StateCode: Number(t.gstin.slice(0, 2)),
          AddrPncd: Number(t.pinCode ?? 0),
          TxpType: t.taxPayerType === 'Composition' ? 'COM' : 'REG',
          ...(status ? { Status: status } : {}),
          BlkStatus: t.blocked ? 'B' : 'U',
        },
      };
    },
  };
}
