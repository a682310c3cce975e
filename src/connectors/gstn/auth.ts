/**
 * The authentication calls of GSTN's taxpayer API: OTPREQUEST (the portal texts the taxpayer an OTP),
 * AUTHTOKEN (the OTP, under the app key, buys a token and a session key), REFRESHTOKEN (a new app key,
 * under the current session key, buys a new token without an OTP) and LOGOUT. Each answers data, never
 * throws, and never puts a secret into a message.
 * @module
 */
import { gstnCodes } from './codes.js';
import { aesEncrypt, decryptKey, newAppKey, rsaEncrypt } from './crypto.js';
import { apiUrl, type Context } from './context.js';
import { plainHeaders, sessionHeaders } from './headers.js';
import { isObj, readAnswer, type Answer } from './answer.js';
import type { LiveSession } from './sessions.js';
import { send } from './wire.js';

/** A refusal with the code and how to treat it. */
export type Failure = { ok: false; code: string; kind: Extract<Answer, { ok: false }>['kind']; message: string; ambiguous?: boolean };

/** What AUTHTOKEN and REFRESHTOKEN buy. */
export interface Grant {
  authToken: string;
  sek: Buffer;
  expiresAt: number;
  accessEndsAt?: number;
}

async function post(
  ctx: Context,
  gstin: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  sek: Buffer | undefined,
  secrets: string[],
): Promise<{ ok: true; value: unknown } | Failure> {
  const sent = await send({ method: 'POST', url: apiUrl(ctx, 'authenticate'), headers, body }, ctx.wire);
  if (sent.kind === 'failure') {
    if (sent.reason === 'unreadable') return { ok: false, code: gstnCodes.badAnswer, kind: 'connector', message: `the GST portal answered ${sent.detail}` };
    return {
      ok: false,
      code: gstnCodes.unreachable,
      kind: 'transient',
      message: `the GST portal could not be reached for ${gstin} after ${sent.attempts} attempt${sent.attempts === 1 ? '' : 's'}: ${sent.detail}`,
      ambiguous: sent.ambiguous,
    };
  }
  const answer = readAnswer(sent.json, sek, [...secrets, ctx.headers.clientSecret]);
  return answer.ok ? { ok: true, value: answer.value } : answer;
}

/** Asks the portal to send the OTP; the app key is the one AUTHTOKEN will carry. */
export async function otpRequest(ctx: Context, gstin: string, username: string, appKey: Buffer): Promise<{ ok: true } | Failure> {
  const encryptedKey = rsaEncrypt(ctx.prepared.publicKey, appKey);
  const out = await post(ctx, gstin, plainHeaders(ctx.headers, gstin), { action: 'OTPREQUEST', username, app_key: encryptedKey }, undefined, [encryptedKey]);
  return out.ok ? { ok: true } : out;
}

/** `expiry` is in minutes: the token's window is capped at the configured token lifetime, the rest is the access grant. */
function grantTimes(ctx: Context, expiry: unknown): { expiresAt: number; accessEndsAt?: number } {
  const now = ctx.now();
  const minutes = Number(expiry);
  if (!Number.isFinite(minutes) || minutes <= 0) return { expiresAt: now + ctx.tokenLifetimeMs };
  const granted = minutes * 60_000;
  return granted > ctx.tokenLifetimeMs ? { expiresAt: now + ctx.tokenLifetimeMs, accessEndsAt: now + granted } : { expiresAt: now + granted };
}

function readGrant(ctx: Context, value: unknown, keys: readonly Buffer[], previous?: LiveSession): { ok: true; grant: Grant } | Failure {
  const bad = (what: string): Failure => ({ ok: false, code: gstnCodes.badAnswer, kind: 'connector', message: `the GST portal's token answer ${what}` });
  if (!isObj(value)) return bad('is not an object');
  const token = value['auth_token'] ?? previous?.authToken;
  if (typeof token !== 'string' || token === '') return bad('has no auth_token');
  const sekText = value['sek'];
  let sek: Buffer | undefined;
  if (typeof sekText === 'string' && sekText !== '') {
    for (const key of keys) {
      try {
        sek = decryptKey(key, sekText);
        break;
      } catch {
        /* try the next documented key */
      }
    }
    if (!sek) return bad('carries a session key that does not decrypt');
  } else sek = previous?.sek;
  if (!sek) return bad('has no session key (sek)');
  const times = grantTimes(ctx, value['expiry']);
  const accessEndsAt = times.accessEndsAt ?? previous?.accessEndsAt;
  return { ok: true, grant: { authToken: token, sek, expiresAt: times.expiresAt, ...(accessEndsAt !== undefined ? { accessEndsAt } : {}) } };
}

/** Trades the OTP for a token and session key. */
export async function authToken(ctx: Context, gstin: string, username: string, appKey: Buffer, otp: string): Promise<{ ok: true; grant: Grant } | Failure> {
  const encryptedKey = rsaEncrypt(ctx.prepared.publicKey, appKey);
  const encryptedOtp = aesEncrypt(appKey, Buffer.from(otp, 'utf8'));
  const out = await post(ctx, gstin, plainHeaders(ctx.headers, gstin), { action: 'AUTHTOKEN', username, app_key: encryptedKey, otp: encryptedOtp }, undefined, [
    otp,
    encryptedKey,
    encryptedOtp,
  ]);
  if (!out.ok) return out;
  return readGrant(ctx, out.value, [appKey]);
}

/** Renews the token without an OTP; the new session key comes under the new app key (or, as some describe it, the old session key). */
export async function refreshToken(ctx: Context, session: LiveSession): Promise<{ ok: true; grant: Grant } | Failure> {
  const appKey = newAppKey();
  const encryptedKey = aesEncrypt(session.sek, appKey);
  const out = await post(
    ctx,
    session.gstin,
    sessionHeaders(ctx.headers, session),
    { action: 'REFRESHTOKEN', username: session.username, auth_token: session.authToken, app_key: encryptedKey },
    undefined,
    [session.authToken, encryptedKey, session.sek.toString('base64')],
  );
  if (!out.ok) return out;
  return readGrant(ctx, out.value, [appKey, session.sek], session);
}

/** Ends the session on the portal; best effort (the session is forgotten here whatever the answer). */
export async function logout(ctx: Context, session: LiveSession): Promise<{ ok: true } | Failure> {
  const encryptedKey = aesEncrypt(session.sek, newAppKey());
  const out = await post(
    ctx,
    session.gstin,
    sessionHeaders(ctx.headers, session),
    { action: 'LOGOUT', username: session.username, auth_token: session.authToken, app_key: encryptedKey },
    undefined,
    [session.authToken, encryptedKey],
  );
  return out.ok ? { ok: true } : out;
}
