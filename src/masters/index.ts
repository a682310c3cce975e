/**
 * `gstkit/masters`: typed lookups over the shipped master data (states, PIN prefixes, units, GST rates,
 * countries, currencies, HSN chapters), GSTIN parsing, and the HSN/SAC master loader.
 * Each data file is read on the first call that needs it; exceljs only when an xlsx is read.
 * @module
 */
export type { Provenance } from './data.js';
export { state, states, statesProvenance, type StateEntry } from './states.js';
export { pinStates, pinMatchesState, stateOfPin, pinPrefixes, pinProvenance, FOREIGN_PIN } from './pin.js';
export { unit, isUnit, units, unitsProvenance, type UnitEntry } from './units.js';
export { rateAllowedOn, gstRates, ratesProvenance, type GstRateEntry } from './rates.js';
export {
  country,
  isCountry,
  countries,
  currency,
  isCurrency,
  currencies,
  countriesProvenance,
  currenciesProvenance,
  type CountryEntry,
  type CurrencyEntry,
} from './countries.js';
export {
  hsnChapter,
  hsnChapters,
  hsnChaptersProvenance,
  createHsnMaster,
  useHsnMaster,
  hasHsnMaster,
  currentHsnMaster,
  hsn,
  hsnExists,
  type HsnKind,
  type HsnChapter,
  type HsnEntry,
  type HsnMaster,
} from './hsn.js';
export {
  loadHsnMasterFromXlsx,
  writeCompactHsn,
  loadCompactHsn,
  parseCompactHsn,
  importHsnCommand,
  hsnLoadSummary,
  type LoadSummary,
  hsnCodes,
  HSN_CODES,
  type CommandIo,
} from './hsn-loader.js';
export { gstinCheckChar, parseGstin, isValidGstin, type GstinKind, type ParsedGstin } from './gstin.js';
