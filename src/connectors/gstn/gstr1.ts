/**
 * GSTR-1 through the API: save (RETSAVE), the save's status (RETSTATUS), proceed to file (RETNEWPTF),
 * the summary (RETSUM), the EVC OTP, and filing with EVC (RETFILE, `st: EVC`, `sid: PAN|OTP`).
 *
 * Filing is the one call that must never run twice. Before sending it the portal's return status is
 * asked (RETTRACK): a return already filed answers its ARN. RETFILE is sent once; when its answer is
 * lost (timeout, dropped connection, 5xx), the status is asked again, and only a return the portal does
 * not show as filed is filed again.
 * @module
 */
import { isObj } from './answer.js';
import type { Failure } from './auth.js';
import { call, failed } from './call.js';
import { gstnCodes, refuse } from './codes.js';
import type { Connections } from './connection.js';
import type { Context } from './context.js';
import type { Gstr1FileRequest, Outcome } from './port.js';
import { sleep } from './wire.js';

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const OTP = /^[0-9A-Za-z]{4,10}$/;

function referenceOf(value: unknown): string | undefined {
  if (!isObj(value)) return undefined;
  const ref = value['reference_id'] ?? value['ref_id'];
  return typeof ref === 'string' || typeof ref === 'number' ? String(ref) : undefined;
}

export async function gstr1Save(
  ctx: Context,
  connections: Connections,
  gstin: string,
  period: string,
  data: unknown,
): Promise<Outcome<{ referenceId: string }>> {
  if (!isObj(data)) return refuse(gstnCodes.badRequest, "the GSTR-1 data should be the portal's JSON object", '/data');
  const out = await call(ctx, connections, gstin, { method: 'PUT', api: 'gstr1', period, body: { action: 'RETSAVE' }, data });
  if (!out.ok) return failed(out);
  const referenceId = referenceOf(out.value);
  return referenceId ? { ok: true, value: { referenceId } } : refuse(gstnCodes.badAnswer, 'the GST portal accepted the GSTR-1 save without a reference id');
}

export async function gstr1Status(ctx: Context, connections: Connections, gstin: string, period: string, referenceId: string): Promise<Outcome<unknown>> {
  if (!referenceId) return refuse(gstnCodes.badRequest, 'the reference id of the save is required', '/referenceId');
  const out = await call(ctx, connections, gstin, {
    method: 'GET',
    api: 'returns',
    period,
    query: { action: 'RETSTATUS', gstin, ret_period: period, ref_id: referenceId },
  });
  return out.ok ? { ok: true, value: out.value } : failed(out);
}

export async function gstr1Proceed(
  ctx: Context,
  connections: Connections,
  gstin: string,
  period: string,
  nilReturn: boolean,
): Promise<Outcome<{ referenceId: string }>> {
  const out = await call(ctx, connections, gstin, {
    method: 'POST',
    api: 'gstr1',
    period,
    body: { action: 'RETNEWPTF' },
    data: { gstin, ret_period: period, isnil: nilReturn ? 'Y' : 'N' },
  });
  if (!out.ok) return failed(out);
  const referenceId = referenceOf(out.value);
  return referenceId ? { ok: true, value: { referenceId } } : refuse(gstnCodes.badAnswer, 'the GST portal accepted the proceed-to-file without a reference id');
}

export async function gstr1Summary(ctx: Context, connections: Connections, gstin: string, period: string): Promise<Outcome<unknown>> {
  const out = await call(ctx, connections, gstin, { method: 'GET', api: 'gstr1', period, query: { action: 'RETSUM', gstin, ret_period: period } });
  return out.ok ? { ok: true, value: out.value } : failed(out);
}

export async function requestEvcOtp(ctx: Context, connections: Connections, gstin: string, pan: string): Promise<Outcome<{ otpSent: true }>> {
  if (!PAN.test(pan)) return refuse(gstnCodes.badRequest, 'the PAN of the authorised signatory should be 10 characters like ABCDE1234F', '/pan');
  const out = await call(ctx, connections, gstin, { method: 'GET', api: 'authenticate', query: { action: 'EVCOTP', gstin, pan, form_type: 'R1' } });
  return out.ok ? { ok: true, value: { otpSent: true } } : failed(out);
}

/** The ARN of the period's GSTR-1 when the portal shows it filed. */
async function filedArn(ctx: Context, connections: Connections, gstin: string, period: string): Promise<{ ok: true; arn?: string } | Failure> {
  const out = await call(ctx, connections, gstin, {
    method: 'GET',
    api: 'returns',
    period,
    query: { action: 'RETTRACK', gstin, ret_period: period, type: 'R1' },
  });
  if (!out.ok) return out.kind === 'no-data' ? { ok: true } : out;
  const list = isObj(out.value) ? (out.value['EFiledlist'] ?? out.value['efiledlist']) : undefined;
  if (!Array.isArray(list)) return { ok: true };
  for (const row of list) {
    if (!isObj(row)) continue;
    const type = String(row['rtntype'] ?? '').toUpperCase();
    const status = String(row['status'] ?? '').toLowerCase();
    if ((type === 'GSTR1' || type === 'R1') && String(row['ret_prd'] ?? period) === period && status === 'filed' && typeof row['arn'] === 'string')
      return { ok: true, arn: row['arn'] };
  }
  return { ok: true };
}

export async function gstr1File(
  ctx: Context,
  connections: Connections,
  request: Gstr1FileRequest,
  period: string,
): Promise<Outcome<{ arn: string; alreadyFiled: boolean }>> {
  const { gstin, pan, otp } = request;
  if (!PAN.test(pan)) return refuse(gstnCodes.badRequest, 'the PAN of the authorised signatory should be 10 characters like ABCDE1234F', '/pan');
  if (!OTP.test(otp)) return refuse(gstnCodes.badRequest, 'the EVC OTP should be the 4 to 10 characters the signatory received', '/otp');
  const before = await filedArn(ctx, connections, gstin, period);
  if (!before.ok) return failed(before);
  if (before.arn) return { ok: true, value: { arn: before.arn, alreadyFiled: true } };
  const summary = await call(ctx, connections, gstin, { method: 'GET', api: 'gstr1', period, query: { action: 'RETSUM', gstin, ret_period: period } });
  if (!summary.ok) return failed(summary);
  const sid = `${pan}|${otp}`;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const out = await call(ctx, connections, gstin, {
      method: 'POST',
      api: 'gstr1',
      period,
      body: { action: 'RETFILE', st: 'EVC', sid, sign: '' },
      data: summary.value,
      secrets: [otp, sid],
      once: true,
    });
    if (out.ok) {
      const arn = isObj(out.value) ? (out.value['arn'] ?? out.value['ack_num']) : undefined;
      if (typeof arn === 'string' && arn !== '') return { ok: true, value: { arn, alreadyFiled: false } };
      const track = await filedArn(ctx, connections, gstin, period);
      if (track.ok && track.arn) return { ok: true, value: { arn: track.arn, alreadyFiled: false } };
      return refuse(
        gstnCodes.badAnswer,
        'the GST portal accepted the filing without an ARN, and does not show it filed yet: check the return status before filing again',
      );
    }
    if (!out.ambiguous) return failed(out);
    // The answer was lost: the portal may have filed. Ask before anything is sent again.
    for (let look = 0; look < 3; look++) {
      const track = await filedArn(ctx, connections, gstin, period);
      if (track.ok && track.arn) return { ok: true, value: { arn: track.arn, alreadyFiled: true } };
      if (!track.ok) break;
      await sleep(Math.min(2000, ctx.wire.retry.baseDelayMs * 2 ** look));
    }
  }
  return refuse(
    gstnCodes.unreachable,
    'the GST portal did not confirm the GSTR-1 filing and does not show it filed: check the return status on the portal before filing again',
  );
}
