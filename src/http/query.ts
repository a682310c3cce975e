/**
 * Query flags of SPEC part 4, with their defaults, read strictly: a value outside the list is a
 * coded error, never silently the default.
 * @module
 */
import { error, type Issue } from '../issue.js';
import { isValidGstin } from '../masters/index.js';
import { parseIst } from '../compute/dates.js';
import { httpCodes } from './codes.js';

/** The flags a route may read. */
export type FlagName =
  | 'gstin'
  | 'pdf'
  | 'qrcode'
  | 'qrcodeformat'
  | 'qrcodequality'
  | 'doctype'
  | 'docno'
  | 'docdate'
  | 'irn'
  | 'ewbNo'
  | 'date'
  | 'partygstin'
  | 'tripSheetNo';

export interface FlagSpec {
  name: FlagName;
  required: boolean;
  description: string;
  /** Allowed values (compared case-insensitively); the first is not implied as default. */
  values?: readonly string[];
  default?: string;
  pattern?: string;
  /** For GSTINs: accept any text and let the provider judge it (taxpayer search answers with suggestions). */
  lenient?: boolean;
}

const yesNo = ['yes', 'no'] as const;

/** Every flag's definition; routes pick from these. */
export const flagSpecs: Record<FlagName, Omit<FlagSpec, 'required'>> = {
  gstin: { name: 'gstin', description: 'GSTIN of the requester or seller', pattern: '^[0-9A-Z]{15}$' },
  partygstin: { name: 'partygstin', description: 'GSTIN to look up', pattern: '^[0-9A-Z]{15}$' },
  pdf: {
    name: 'pdf',
    description: 'PDFs: yes includes them (Base64) in the JSON answer; file answers the PDF itself (application/pdf)',
    values: ['yes', 'no', 'file'],
    default: 'no',
  },
  qrcode: { name: 'qrcode', description: 'include the QR code image (Base64)', values: yesNo, default: 'no' },
  qrcodeformat: { name: 'qrcodeformat', description: 'QR image format', values: ['PNG', 'JPEG', 'GIF'], default: 'PNG' },
  qrcodequality: { name: 'qrcodequality', description: 'QR image quality', values: ['standard', 'high'], default: 'high' },
  doctype: { name: 'doctype', description: 'document type', values: ['INV', 'CRN', 'DBN'] },
  docno: { name: 'docno', description: 'document number', pattern: '^[A-Za-z0-9/-]{1,16}$' },
  docdate: { name: 'docdate', description: 'document date DD/MM/YYYY', pattern: '^\\d{2}/\\d{2}/\\d{4}$' },
  irn: { name: 'irn', description: 'invoice reference number (64 hex characters)', pattern: '^[0-9a-fA-F]{64}$' },
  ewbNo: { name: 'ewbNo', description: 'e-waybill number', pattern: '^\\d{12}$' },
  date: { name: 'date', description: 'date DD/MM/YYYY', pattern: '^\\d{2}/\\d{2}/\\d{4}$' },
  tripSheetNo: { name: 'tripSheetNo', description: 'consolidated e-waybill (trip sheet) number', pattern: '^\\d{1,20}$' },
};

/** Builds the spec of a route's flag. */
export function flag(name: FlagName, required = false): FlagSpec {
  return { ...flagSpecs[name], required };
}

const queryPath = (spec: FlagSpec): string => `/query/${spec.name}`;

/** Reads the flags of a route (`params` undefined: the URL has no query): values normalized (yes/no lower-case, formats upper-case, GSTINs upper-case). */
export function readFlags(params: URLSearchParams | undefined, specs: readonly FlagSpec[]): { values: Partial<Record<FlagName, string>>; errors: Issue[] } {
  const values: Partial<Record<FlagName, string>> = {};
  const errors: Issue[] = [];
  for (const spec of specs) {
    const raw = params ? (params.get(spec.name) ?? findInsensitive(params, spec.name)) : null;
    if (raw === null || raw.trim() === '') {
      if (spec.required) errors.push(error(httpCodes.missingParameter, `query parameter ${spec.name} is required`, queryPath(spec)));
      else if (spec.default !== undefined) values[spec.name] = spec.default;
      continue;
    }
    const text = raw.trim();
    if (spec.values) {
      const hit = spec.values.find((v) => v.toLowerCase() === text.toLowerCase());
      if (!hit) {
        errors.push(error(httpCodes.badParameter, `query parameter ${spec.name} must be one of ${spec.values.join(', ')}`, queryPath(spec)));
        continue;
      }
      values[spec.name] = hit;
      continue;
    }
    if (spec.name === 'gstin' || spec.name === 'partygstin') {
      const g = text.toUpperCase();
      if (!spec.lenient && !isValidGstin(g)) {
        errors.push(error('SVC-152', 'Invalid GSTIN', queryPath(spec)));
        continue;
      }
      values[spec.name] = g;
      continue;
    }
    if (spec.pattern && !new RegExp(spec.pattern).test(text)) {
      errors.push(error(httpCodes.badParameter, `query parameter ${spec.name} must be ${spec.description}`, queryPath(spec)));
      continue;
    }
    if ((spec.name === 'date' || spec.name === 'docdate') && !parseIst(text)) {
      errors.push(error(httpCodes.badParameter, `query parameter ${spec.name} is not a real date`, queryPath(spec)));
      continue;
    }
    values[spec.name] = spec.name === 'irn' ? text.toLowerCase() : text;
  }
  return { values, errors };
}

function findInsensitive(params: URLSearchParams, name: string): string | null {
  const lower = name.toLowerCase();
  for (const [k, v] of params) if (k.toLowerCase() === lower) return v;
  return null;
}
