/**
 * The catalogue of `SVC-nnn` codes that gstkit uses for field-level (schema) problems.
 * docs/error-codes.md is generated from this table (`npm run docs:codes`); CI fails when it is stale.
 * Business-rule codes (portal codes and SVC-3nn/4nn) live with the rules in src/rules/.
 * @module
 */

export interface SvcCode {
  code: string;
  /** Short name of the problem. */
  title: string;
  /** When gstkit reports it. */
  when: string;
}

export const svcCodes = {
  required: { code: 'SVC-100', title: 'Required field missing', when: 'A field the specification marks as required is absent or null.' },
  type: {
    code: 'SVC-101',
    title: 'Wrong type',
    when: 'A field holds a value of the wrong JSON type (text where a number is expected, an object where a list is expected, ...).',
  },
  maxLength: { code: 'SVC-102', title: 'Too long', when: 'A text field is longer than String(n) allows.' },
  minLength: { code: 'SVC-103', title: 'Too short', when: 'A text field is empty or shorter than its minimum.' },
  pattern: {
    code: 'SVC-104',
    title: 'Wrong characters or shape',
    when: 'A text field does not have the shape the specification gives (document numbers, mobile numbers, HSN codes, ...).',
  },
  enum: { code: 'SVC-105', title: 'Not an allowed value', when: 'A coded field holds a value outside its list (SupTyp, docType, transMode, ...).' },
  digits: { code: 'SVC-106', title: 'Too many digits', when: 'A number has more integer digits or more decimals than Number(p,s) allows.' },
  range: { code: 'SVC-107', title: 'Out of range', when: 'A number is below its minimum (negative amounts, quantities, rates) or above its maximum.' },
  date: { code: 'SVC-108', title: 'Invalid date', when: 'A date is not DD/MM/YYYY or is not a real calendar date (31/02/2026).' },
  dateTime: {
    code: 'SVC-109',
    title: 'Invalid date-time',
    when: 'A date-time is not DD/MM/YYYY HH:MM:SS (or the portal form yyyy-MM-dd HH:mm:ss where that is the field format).',
  },
  returnPeriod: { code: 'SVC-110', title: 'Invalid return period', when: 'A return period is not YYYY-MM with a month 01-12.' },
  email: { code: 'SVC-111', title: 'Invalid e-mail address', when: 'An e-mail field is not an address.' },
  unknownField: {
    code: 'SVC-112',
    title: 'Unknown field',
    when: 'A key matches no field of the payload and none of its known alternative spellings (a warning: the key is left out of the canonical payload).',
  },
  itemCount: {
    code: 'SVC-113',
    title: 'Wrong number of entries',
    when: "A list has fewer entries than required or more than allowed. A list of a request with more than 1,000 entries (and no portal limit of its own, such as the IRP's 1,000 ItemList lines, code 2173) is refused before any entry is checked.",
  },
  duplicate: { code: 'SVC-114', title: 'Duplicate entries', when: 'A list that must hold distinct values (GSTINs of an export) repeats one.' },
  conflictingKeys: {
    code: 'SVC-115',
    title: 'Field given twice',
    when: 'Two spellings of the same field are both present with different values (ValDtl and ValDtls); the canonical spelling wins (a warning).',
  },
  notObject: { code: 'SVC-116', title: 'Not a JSON object', when: 'The payload, or a block inside it, is not a JSON object.' },
  invalid: { code: 'SVC-117', title: 'Invalid value', when: 'A value fails a constraint not covered by a more specific code.' },
  converted: {
    code: 'SVC-118',
    title: 'Value converted to its type',
    when: 'A number was sent where the specification has text (subSupplyType 1 for "1", Pin as text or number), a number as text ("20", "1500.50"), or a code with padding ("1  "). The portals accept these; gstkit converts the value without changing it (no rounding, no float round trip) and warns, once per field with a count (the `coercions` option of validate: `each` warns per value, `silent` not at all). Values that cannot be converted without guessing stay errors.',
  },
  moreIssues: {
    code: 'SVC-119',
    title: 'More issues than listed',
    when: 'A payload has more than 100 errors (or warnings): the first 100 are listed and this last issue says how many more were found. Fix those and validate again.',
  },
  tooDeep: {
    code: 'SVC-120',
    title: 'Nested too deeply',
    when: 'The payload nests lists and objects more than 32 levels deep (no payload field is more than 4 levels down). Refused before any field is checked.',
  },
  tooManyFields: {
    code: 'SVC-121',
    title: 'Too many fields',
    when: 'An object of the payload has more than 1,000 fields (the largest block of any payload has 50). Refused before any field is checked.',
  },
  notUnicode: {
    code: 'SVC-122',
    title: 'Not Unicode text',
    when: 'A text field or key holds half of a UTF-16 surrogate pair (a lone `\\ud800`-`\\udfff` escape in the JSON), which no portal can receive (it has no UTF-8 form) and no QR code or PDF can show, or a NUL (`\\u0000`), which no portal text field takes and PostgreSQL cannot store. Refused before any field is checked.',
  },
  stateCode: { code: 'SVC-150', title: 'Invalid state code', when: 'A state code is not in the state master (01-38, 96, 97, 99).' },
  unitCode: { code: 'SVC-151', title: 'Invalid unit code', when: 'A unit is not a unit quantity code (UQC) of the master.' },
  gstin: {
    code: 'SVC-152',
    title: 'Invalid GSTIN',
    when: 'A GSTIN does not have the 15-character shape of any registration kind or its check character is wrong (the code the specification shows).',
  },
  countryCode: { code: 'SVC-153', title: 'Invalid country code', when: 'A country is not an ISO 3166 alpha-2 code.' },
  currencyCode: { code: 'SVC-154', title: 'Invalid currency code', when: 'A currency is not an ISO 4217 code.' },
  sandboxGstin: {
    code: 'SVC-156',
    title: 'Test GSTIN (sandbox only)',
    when: "With environment 'sandbox': a GSTIN of the right shape whose check character is wrong, as NIC's sandboxes hand out for testing. The sandboxes accept it; production refuses it (SVC-152 or the portal's code), so it is a warning here.",
  },
  pincode: { code: 'SVC-155', title: 'Invalid PIN code', when: 'A PIN code is not six digits starting 1-9.' },
  unknownKind: {
    code: 'SVC-199',
    title: 'Unknown payload kind',
    when: 'A caller asked for a kind of payload gstkit does not know (programmer error in code, exit 2 in the command line).',
  },
} as const satisfies Record<string, SvcCode>;

export type SvcCodeName = keyof typeof svcCodes;
