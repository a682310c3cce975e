import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { errorCodesMarkdown, otherCodes } from '../../src/catalogue.js';
import { svcCodes } from '../../src/schema/codes.js';
import { allRules } from '../../src/rules/index.js';
import { httpCodes, gstrCodes } from '../../src/http/codes.js';
import { sandboxCodes } from '../../src/sandbox/codes.js';
import { readCodes } from '../../src/gstr/read-common.js';
import { upiCodes } from '../../src/render/upi/index.js';
import { QR_BAD_OPTION, QR_TOO_LONG } from '../../src/render/qr/index.js';
import { pdfCodes } from '../../src/render/pdf/einvoice.js';
import { hsnCodes } from '../../src/masters/hsn-loader.js';
import { connectorCodes } from '../../src/connectors/nic/codes.js';
import { gstnCodes } from '../../src/connectors/gstn/codes.js';
import { reconcileCodes } from '../../src/reconcile/codes.js';
import { gstr1Codes } from '../../src/gstr1/codes.js';
import { gstr3bCodes } from '../../src/gstr3b/codes.js';
import { computeCodes } from '../../src/compute/codes.js';
import { scheduleCodes } from '../../src/jobs/schedule/codes.js';
import { bulkCodes } from '../../src/bulk/codes.js';
import { webhookCodes } from '../../src/webhooks/codes.js';
import { pageCodes } from '../../src/playground/codes.js';
import { pageFileCodes } from '../../src/cli/page-files.js';
import { FONT_UNAVAILABLE } from '../../src/render/pdf/engine/font-loader.js';

describe('the error-code catalogue', () => {
  it('lists every code the modules define, once', () => {
    const defined = new Set<string>([
      ...Object.values(httpCodes),
      ...Object.values(gstrCodes),
      ...Object.values(sandboxCodes),
      ...Object.values(readCodes),
      ...Object.values(gstrCodes),
      ...Object.values(upiCodes),
      QR_TOO_LONG,
      QR_BAD_OPTION,
      ...Object.values(pdfCodes),
      ...Object.values(hsnCodes),
      ...Object.values(connectorCodes),
      ...Object.values(gstnCodes),
      ...Object.values(reconcileCodes),
      ...Object.values(gstr1Codes),
      ...Object.values(gstr3bCodes),
      ...Object.values(computeCodes),
      ...Object.values(scheduleCodes),
      ...Object.values(bulkCodes),
      ...Object.values(webhookCodes),
      ...Object.values(pageCodes),
      ...Object.values(pageFileCodes),
      FONT_UNAVAILABLE,
    ]);
    const listed = otherCodes.map((c) => c.code);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...defined].filter((c) => !listed.includes(c))).toEqual([]);
    expect(listed.filter((c) => !defined.has(c))).toEqual([]);
  });

  it('never gives one SVC code two meanings across the tables', () => {
    const schema: string[] = Object.values(svcCodes).map((c) => c.code);
    const other = otherCodes.map((c) => c.code);
    expect(schema.filter((c) => other.includes(c))).toEqual([]);
    const ruleCodes = new Set(
      allRules()
        .map(({ rule }) => rule.code)
        .filter((c) => c.startsWith('SVC-')),
    );
    expect([...ruleCodes].filter((c) => schema.includes(c) && c !== svcCodes.gstin.code)).toEqual([]);
    expect([...ruleCodes].filter((c) => other.includes(c))).toEqual([]);
  });

  it('is what docs/error-codes.md holds (npm run docs:codes writes it)', () => {
    expect(readFileSync(new URL('../../docs/error-codes.md', import.meta.url), 'utf8')).toBe(errorCodesMarkdown());
  });
});
