/**
 * Text sealed with AES-256-GCM under a 32-byte key, bound to a context (the row or job it belongs to) as
 * associated data, so sealed text copied elsewhere does not open. The form is `v1.` + base64(iv 12 bytes |
 * tag 16 bytes | ciphertext). Portal sessions (`nic/session-seal.ts`) and the secrets a queued job carries
 * (`jobs/job-secrets.ts`) are sealed this way.
 * @module
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const associated = (context: readonly string[]): Buffer => Buffer.from(context.join('\u0000'), 'utf8');

/** `plain` sealed under `key` for `context`. */
export function sealText(key: Buffer, context: readonly string[], plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The text sealed in `sealed`, or undefined when it was sealed under another key or context, or is not sealed text. */
export function openText(key: Buffer, context: readonly string[], sealed: string): string | undefined {
  if (!sealed.startsWith(PREFIX)) return undefined;
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(associated(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
