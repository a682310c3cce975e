/**
 * E-waybill portal codes beyond those of gstkit's own rules: the families of the portal's actions that
 * gstkit does not check yet (multi-vehicle movement, consolidated e-waybills, extension in transit, gold
 * e-waybills, NIC1/NIC2 routing) and the codes of the rules of 2024 and 2025. The meanings are short
 * paraphrases; docs/error-codes.md lists them. The sources are named per code.
 * @module
 */

/** One e-waybill portal code. */
export interface EwbPortalCode {
  code: string;
  /** The family of portal actions or checks it belongs to. */
  family: string;
  meaning: string;
  source: string;
}

/** The table, grouped by family. */
export const ewbPortalCodes: readonly EwbPortalCode[] = Object.freeze([
  {
    code: '282',
    family: 'HSN digits',
    meaning: 'At least 4 HSN digits for taxpayers below ₹5 crore turnover (from 01/02/2024).',
    source: 'EWB GetErrorList; advisory of January 2024',
  },
  {
    code: '283',
    family: 'HSN digits',
    meaning: 'At least 6 HSN digits for taxpayers of ₹5 crore turnover or more (from 01/02/2024).',
    source: 'EWB GetErrorList; advisory of January 2024',
  },
  {
    code: '397',
    family: 'multi-vehicle',
    meaning: 'The multi-vehicle movement could not be initiated.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '399',
    family: 'multi-vehicle',
    meaning: 'The unit code matches no unit of the item list.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '400',
    family: 'multi-vehicle',
    meaning: "The vehicles' total quantity exceeds the quantity initiated.",
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '401',
    family: 'multi-vehicle',
    meaning: 'The multi-vehicle details could not be saved.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '402',
    family: 'multi-vehicle',
    meaning: 'The total quantity must be more than zero.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '403',
    family: 'multi-vehicle',
    meaning: 'The multi-vehicle details are wrong.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '405',
    family: 'multi-vehicle',
    meaning: 'No active multi-vehicle record for this e-waybill, group and old vehicle or transport document.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '406',
    family: 'multi-vehicle',
    meaning: 'The group number must be given and not zero.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '407',
    family: 'multi-vehicle',
    meaning: 'The old vehicle number is not in a valid format.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '408',
    family: 'multi-vehicle',
    meaning: 'The new vehicle number is not in a valid format.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '409',
    family: 'multi-vehicle',
    meaning: 'The old transport document number is not valid.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '410',
    family: 'multi-vehicle',
    meaning: 'The new transport document number is not valid.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '411',
    family: 'multi-vehicle',
    meaning: 'No multi-vehicle initiation exists for this e-waybill and group.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '412',
    family: 'multi-vehicle',
    meaning: 'A multi-vehicle movement has started, so Part B cannot be updated.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '413',
    family: 'multi-vehicle',
    meaning: 'The unit code differs from the one of the first initiation.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '645',
    family: 'multi-vehicle',
    meaning: 'The current transporter has entered Part B, so a multi-vehicle movement is not possible.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '646',
    family: 'multi-vehicle',
    meaning: 'The caller is not assigned to start a multi-vehicle movement.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '814',
    family: 'multi-vehicle',
    meaning: 'A gold e-waybill cannot move in several vehicles.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '817',
    family: 'multi-vehicle',
    meaning: 'The e-waybill is not active, so a multi-vehicle movement cannot start.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '452',
    family: 'consolidated',
    meaning: 'The e-waybill was generated on NIC2, so it cannot join a consolidated e-waybill here.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '648',
    family: 'consolidated',
    meaning: 'A multi-vehicle movement has started, so no consolidated e-waybill.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '649',
    family: 'consolidated',
    meaning: 'The current transporter has entered Part B, so the caller cannot consolidate it.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '650',
    family: 'consolidated',
    meaning: 'The caller is not assigned to generate the consolidated e-waybill.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '812',
    family: 'consolidated',
    meaning: 'A gold e-waybill cannot join a consolidated e-waybill.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '818',
    family: 'consolidated',
    meaning: "A member's validity has lapsed, so no consolidated e-waybill.",
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '701',
    family: 'extension',
    meaning: 'The vehicle direction is not valid.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '709',
    family: 'extension',
    meaning: 'No PIN-to-PIN distance is known for these PINs.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '821',
    family: 'extension',
    meaning: 'No extension beyond 360 days after generation (from 01/01/2025).',
    source: 'NIC additional validations of 17/12/2024, in force 01/01/2025',
  },
  {
    code: '702',
    family: 'distance',
    meaning: 'The distance given is too high for these PINs.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '721',
    family: 'distance',
    meaning: 'The system has no distance for these PINs: give the distance.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '703',
    family: 'composition',
    meaning: 'A composition taxpayer cannot move goods inter-state.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '704',
    family: 'composition',
    meaning: "A composition taxpayer's tax rates must be zero.",
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '720',
    family: 'e-invoice routing',
    meaning: 'The supplier is e-invoice enabled: generate the e-waybill with the IRN.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '722',
    family: 'parties',
    meaning: 'The consignee GSTIN was cancelled before the document date.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '724',
    family: 'items',
    meaning: 'At least one item must have a goods HSN code.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '726',
    family: 'ship',
    meaning: 'A vehicle type of regular is not allowed with transport by ship.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '727',
    family: 'ship',
    meaning: 'Transport by ship needs a vehicle number or a transport document number.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '729',
    family: 'ship',
    meaning: 'Transport by ship with a transport document number needs its date.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '728',
    family: 'cancellation',
    meaning: 'Cancellation is allowed within 24 hours of the Part B entry.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '801',
    family: 'gold',
    meaning: 'A gold e-waybill takes no transporter id.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '802',
    family: 'gold',
    meaning: 'A gold e-waybill takes no transporter name.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '803',
    family: 'gold',
    meaning: 'A gold e-waybill takes no transport document number.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '804',
    family: 'gold',
    meaning: 'A gold e-waybill takes no transport document date.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '805',
    family: 'gold',
    meaning: 'A gold e-waybill takes no vehicle number.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '806',
    family: 'gold',
    meaning: 'A gold e-waybill takes no vehicle type.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '807',
    family: 'gold',
    meaning: 'A gold e-waybill needs the mode of transport.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '808',
    family: 'gold',
    meaning: 'A gold e-waybill cannot be inter-state.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '809',
    family: 'gold',
    meaning: 'A gold e-waybill carries no other items.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '810',
    family: 'gold',
    meaning: 'The transporter of a gold e-waybill cannot be updated.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '811',
    family: 'gold',
    meaning: 'The vehicle of a gold e-waybill cannot be updated.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '815',
    family: 'gold',
    meaning: 'A gold e-waybill moves by road only.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '816',
    family: 'gold',
    meaning: 'A gold e-waybill is extended by road only.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '813',
    family: 'requests',
    meaning: 'The same request arrived twice at the same time.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '819',
    family: 'document date',
    meaning: 'No e-waybill for a document dated before 01/07/2017.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '820',
    family: 'document date',
    meaning: 'No e-waybill for a document dated more than 180 days earlier (from 01/01/2025).',
    source: 'NIC additional validations of 17/12/2024, in force 01/01/2025',
  },
  {
    code: '822',
    family: 'parties',
    meaning: 'Supplier and recipient cannot both be unregistered (URP).',
    source: 'EWB GetErrorList as reproduced in public client code',
  },
  {
    code: '823',
    family: 'rail',
    meaning: 'The railway receipt number is not valid (from 01/01/2025; an alert at first).',
    source: 'NIC additional validations of 17/12/2024, in force 01/01/2025; GSTN advisories of 04/10/2024 and 18/12/2024',
  },
  {
    code: '444',
    family: 'NIC1/NIC2',
    meaning: 'Generated on NIC1: cannot be cancelled here.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '445',
    family: 'NIC1/NIC2',
    meaning: 'Generated on NIC2: cannot be cancelled here.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '446',
    family: 'NIC1/NIC2',
    meaning: 'Generated on NIC1: transport details cannot be updated here.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '447',
    family: 'NIC1/NIC2',
    meaning: 'Generated on NIC2: transport details cannot be updated here.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '448',
    family: 'NIC1/NIC2',
    meaning: 'Part A was generated on NIC1: Part B cannot be updated here.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '449',
    family: 'NIC1/NIC2',
    meaning: 'Part A was generated on NIC2: Part B cannot be updated here.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '450',
    family: 'export/import',
    meaning: 'For an export, toGstin must be URP or an SEZ unit.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '451',
    family: 'export/import',
    meaning: 'For an import, fromGstin must be URP or an SEZ unit.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '641',
    family: 'export/import',
    meaning: 'Outward SKD/CKD/lots to an SEZ unit: the bill-to state must be Other Country.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
  {
    code: '642',
    family: 'export/import',
    meaning: 'Inward SKD/CKD/lots from an SEZ unit: the bill-from state must be Other Country.',
    source: 'india-compliance e_waybill_errors.py (b2664d6), a copy of the NIC GetErrorList',
  },
]);
