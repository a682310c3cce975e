/**
 * The sealer of the secrets queued jobs carry ({@link JobSecrets}): AES-256-GCM under the host's key
 * (`GSTKIT_SESSION_KEY`, with the previous keys for opening), bound to the job type. Without a key it seals
 * under a random key of this process: a job run by this process's runner opens it, and nothing written to
 * the store or a queue can be read back by anyone else, this process after a restart included.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { openText, sealText } from '../connectors/sealed-text.js';
import type { JobSecrets } from '../ports/jobs.js';

const context = (jobType: string): string[] => ['gstkit job secret', jobType];

/** Seals under `key` (a random key of this process when absent); opens under it and `previous`. */
export function createJobSecrets(key?: Buffer, previous: readonly Buffer[] = []): JobSecrets {
  const current = key ?? randomBytes(32);
  const keys = [current, ...previous];
  return {
    seal: (jobType, text) => sealText(current, context(jobType), text),
    open(jobType, sealed) {
      for (const k of keys) {
        const plain = openText(k, context(jobType), sealed);
        if (plain !== undefined) return plain;
      }
      return undefined;
    },
  };
}
