/**
 * ISO 3166-1 countries and ISO 4217 currencies.
 * @module
 */
import { lazy, readMaster, type Provenance } from './data.js';
import { countriesJson, currenciesJson } from './files.generated.js';

/** One country. `code` is the alpha-2 code used by the e-invoice `CntCode` field. */
export interface CountryEntry {
  code: string;
  alpha3: string;
  /** Three digits. */
  numeric: string;
  name: string;
  /** Set for XK (Kosovo), a user-assigned code outside ISO 3166-1. */
  userAssigned?: boolean;
}

/** One currency, as used by the e-invoice `ForCur` field. */
export interface CurrencyEntry {
  code: string;
  numeric: string;
  /** Decimal places; null where ISO gives none (precious metals, units of account, test codes). */
  minorUnits: number | null;
  name: string;
}

const countryTable = lazy(() => {
  const file = readMaster<{ provenance: Provenance; countries: CountryEntry[] }>(countriesJson);
  const byCode = new Map<string, CountryEntry>();
  const list = file.countries.map((c) => {
    const entry = Object.freeze({ ...c });
    byCode.set(entry.code, entry);
    return entry;
  });
  return { provenance: file.provenance, list: Object.freeze(list), byCode };
});

const currencyTable = lazy(() => {
  const file = readMaster<{ provenance: Provenance; currencies: CurrencyEntry[] }>(currenciesJson);
  const byCode = new Map<string, CurrencyEntry>();
  const list = file.currencies.map((c) => {
    const entry = Object.freeze({ ...c });
    byCode.set(entry.code, entry);
    return entry;
  });
  return { provenance: file.provenance, list: Object.freeze(list), byCode };
});

/** The country with this alpha-2 code (upper case), or undefined. */
export function country(code: string): CountryEntry | undefined {
  return typeof code === 'string' ? countryTable().byCode.get(code) : undefined;
}

/** True for an alpha-2 code on the list. */
export function isCountry(code: string): boolean {
  return country(code) !== undefined;
}

/** Every country, in code order. */
export function countries(): readonly CountryEntry[] {
  return countryTable().list;
}

/** The currency with this ISO 4217 code (upper case), or undefined. */
export function currency(code: string): CurrencyEntry | undefined {
  return typeof code === 'string' ? currencyTable().byCode.get(code) : undefined;
}

/** True for an ISO 4217 code on the list. */
export function isCurrency(code: string): boolean {
  return currency(code) !== undefined;
}

/** Every currency, in code order. */
export function currencies(): readonly CurrencyEntry[] {
  return currencyTable().list;
}

/** Where the countries come from. */
export function countriesProvenance(): Provenance {
  return countryTable().provenance;
}

/** Where the currencies come from. */
export function currenciesProvenance(): Provenance {
  return currencyTable().provenance;
}
