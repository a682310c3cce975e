/**
 * GSTR-2A sections too large for one answer: `{est, token}`, FILEDET (RTN_24 while the files are made),
 * then encrypted .tar.gz parts, each SHA-256 checked, unpacked by gstkit's own tar reader, decrypted and
 * merged one at a time. A 2A of 20,050 documents is pulled and stored completely by the existing pull job,
 * and the memory it takes is measured. A part that fails its hash is downloaded once more, then refused.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pullReturn } from '../../src/gstr/jobs.js';
import { readGstr2a } from '../../src/gstr/index.js';
import { createMemoryReturnStore } from '../../src/store/memory-returns.js';
import { connected, GSTIN, setup } from '../support/fake-gstn-setup.js';

const MB = 1024 * 1024;

// Live memory needs a collection before each reading: without one, the readings count garbage too.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Samples live memory (heap plus array buffers, right after a collection) every 20 ms (between the pull's asynchronous steps) while `run` runs;
 * answers its result, the peak above the start, and what is still held at the end (the result itself).
 */
async function peakDuring<T>(run: () => Promise<T>): Promise<{ result: T; peakBytes: number; retainedBytes: number }> {
  const live = (): number => {
    collect();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const start = live();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, live());
  }, 20);
  try {
    const result = await run();
    const end = live();
    peak = Math.max(peak, end);
    return { result, peakBytes: peak - start, retainedBytes: end - start };
  } finally {
    clearInterval(timer);
  }
}

describe('GSTR-2A through the large-file download', () => {
  it('stores all 20,050 documents of a 2A that arrives as 9 encrypted parts, with bounded memory', async () => {
    const { fake, portal } = setup({ b2bCount: 20_050, largeThreshold: 10_000, partSize: 2_500, notReadyPolls: 2 });
    const p = await connected(portal());
    const store = createMemoryReturnStore();
    const { result, peakBytes, retainedBytes } = await peakDuring(() =>
      pullReturn({ portal: p, store }, { gstin: GSTIN, returnType: 'gstr2a', period: '2026-09' }),
    );
    expect(result).toEqual({ ok: true, value: { documents: 20_051 } });
    expect(fake.counts['FILEDET']).toBe(3);
    expect(fake.counts['FILE']).toBe(9);
    const stored = await store.get(GSTIN, 'gstr2a', '2026-09');
    const read = readGstr2a(stored!.data, { gstin: GSTIN, period: '2026-09' });
    expect(read.ok && read.value.documents.filter((d) => d.section === 'B2B').length).toBe(20_050);
    const jsonBytes = Buffer.byteLength(JSON.stringify(stored!.data));
    const partBytes = fake.fileBytes();
    console.log(
      `large 2A: ${(jsonBytes / MB).toFixed(1)} MB of JSON from 9 parts (${(partBytes / MB).toFixed(1)} MB compressed, held by the fake); ` +
        `live memory above start: peak ${(peakBytes / MB).toFixed(1)} MB, held at the end (the stored return, the fake's parts) ${(retainedBytes / MB).toFixed(1)} MB`,
    );
    // Bounded: beyond what the pull keeps (the stored return), at most about one part in flight, never all nine.
    expect(peakBytes - retainedBytes).toBeLessThan(48 * MB);
  }, 120_000);

  it('downloads a part again when its hash does not match, and refuses it after a second mismatch', async () => {
    const once = setup({ b2bCount: 12_000, largeThreshold: 10_000, partSize: 5_000, notReadyPolls: 0 });
    once.fake.inject({ action: 'FILE', kind: 'bad-hash', times: 1 });
    const p1 = await connected(once.portal());
    const ok = await p1.fetchReturn(GSTIN, 'gstr2a', '2026-09');
    expect(ok.ok).toBe(true);
    expect(once.fake.counts['FILE']).toBe(4);

    const twice = setup({ b2bCount: 12_000, largeThreshold: 10_000, partSize: 5_000, notReadyPolls: 0 });
    twice.fake.inject({ action: 'FILE', kind: 'bad-hash', times: 2 });
    const p2 = await connected(twice.portal());
    const refused = await p2.fetchReturn(GSTIN, 'gstr2a', '2026-09');
    expect(refused.ok ? '' : refused.errors[0]!.code).toBe('SVC-983');
    expect(refused.ok ? '' : refused.errors[0]!.message).toMatch(/SHA-256 check twice/);
    expect(twice.fake.counts['FILE']).toBe(2);
  }, 60_000);

  it('answers RTN_24 (pull again later) when the files are not ready within the wait', async () => {
    const { portal } = setup({ b2bCount: 11_000, largeThreshold: 10_000, notReadyPolls: 1_000 });
    const p = await connected(portal({ largeFiles: { pollMs: 5, maxWaitMs: 60 } }));
    const out = await p.fetchReturn(GSTIN, 'gstr2a', '2026-09');
    expect(out.ok ? '' : out.errors[0]!.code).toBe('RTN_24');
    expect(out.ok ? '' : out.errors[0]!.message).toMatch(/pull again/);
  });

  it('refuses a part larger than the limit instead of holding it', async () => {
    const { portal } = setup({ b2bCount: 11_000, largeThreshold: 10_000, notReadyPolls: 0 });
    const p = await connected(portal({ largeFiles: { pollMs: 5, maxPartBytes: 10_000 } }));
    const out = await p.fetchReturn(GSTIN, 'gstr2a', '2026-09');
    expect(out.ok ? '' : out.errors[0]!.code).toBe('SVC-985');
  });
});
