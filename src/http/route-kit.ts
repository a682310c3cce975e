/**
 * What the route handlers share: the company's provider context, its GSTINs, the image flags, and the
 * answers for a provider's refusal and a GSTIN the company may not act for.
 * @module
 */
import { error } from '../issue.js';
import type { ProviderContext, Refusal } from '../ports/index.js';
import { httpCodes } from './codes.js';
import { flag, type FlagSpec } from './query.js';
import { svcFailure } from './responses.js';
import type { RouteContext } from './types.js';

export type Obj = Record<string, unknown>;

/** The flags that ask for the QR image and the PDFs. */
export const imageFlags = (): FlagSpec[] => [flag('qrcode'), flag('qrcodeformat'), flag('qrcodequality'), flag('pdf')];
/** The provider context of the calling company. */
export const pctx = (ctx: RouteContext): ProviderContext => ({ company: ctx.company });

/** A provider refusal in the Success style. */
export function refusalResponse(refusal: Refusal, extra: Obj = {}): Response {
  return svcFailure(refusal.status ?? 422, refusal.errors, extra);
}

/** 403 for a GSTIN the company does not have, in the Success style; `path` names where the request named it. */
export function forbiddenGstin(gstin: string, path: string): Response {
  return svcFailure(403, [error(httpCodes.forbidden, `the company may not act for GSTIN ${gstin}`, path)]);
}

/** True when the calling company has `gstin`. */
export function owns(ctx: RouteContext, gstin: string): boolean {
  return ctx.company.gstins.includes(gstin);
}

/** The caller's GSTIN, required in the query. */
export const gstinFlag = (): FlagSpec => flag('gstin', true);

/** Bytes as base64, for the images and PDFs a JSON answer carries. */
export const base64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
