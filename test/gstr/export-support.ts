/**
 * What the export tests share: a sink that keeps the workbook's bytes, a view of a return store as one that
 * kept no document counts, an export of one GSTIN's months into bytes, and the check that months written as
 * they are read make the workbook that months read whole make.
 */
import { expect } from 'vitest';
import { exportReturnsTo, pullReturn, type ReturnStore } from '../../src/gstr/index.js';
import type { ByteSink } from '../../src/render/excel/zip.js';
import { createSandboxGstPortal } from '../../src/sandbox/gst-portal/index.js';
import { createMemoryStore } from '../../src/store/memory.js';
import { storeReturns } from '../../src/store/returns.js';
import { GSTIN_A } from './helpers.js';

export const exportNow = (): Date => new Date('2025-02-01T10:00:00Z');
const noPortal = { isConnected: async () => false, fetchReturn: async () => ({ ok: false as const, errors: [] }) };

/** A sink that keeps every chunk written, for comparing workbooks byte for byte. */
export function bytesSink(): ByteSink & { bytes(): Uint8Array } {
  const parts: Uint8Array[] = [];
  return {
    async write(chunk) {
      parts.push(Uint8Array.from(chunk));
    },
    async close() {},
    bytes: () => Buffer.concat(parts),
  };
}

/** The same returns, as a store that kept no document counts (returns stored before counts were kept). */
export function uncounted(store: ReturnStore): ReturnStore {
  const drop = <T extends { documents?: number }>(v: T | undefined): T | undefined => {
    if (!v) return v;
    const { documents: _, ...rest } = v;
    return rest as T;
  };
  return { ...store, info: async (...a) => drop(await store.info!(...a)), get: async (...a) => drop(await store.get(...a)) };
}

/** A Full (100) or Smart (101) export of GSTIN_A's months from the store (no portal), as rows and bytes. */
export async function exportedWorkbook(store: ReturnStore, returnType: 'gstr2a' | 'gstr2b', reportType: 100 | 101, periods: string[]) {
  const sink = bytesSink();
  const out = await exportReturnsTo(
    { portal: noPortal, store, now: exportNow },
    { returnType, gstins: [GSTIN_A], startPeriod: periods[0]!, endPeriod: periods.at(-1)!, reportType },
    async () => sink,
  );
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return { rows: out.value.rows, bytes: sink.bytes() };
}

/**
 * Pulls sandbox months of 700 documents and checks that their export, written as read, is byte for byte the
 * one written from the same months read whole, Full (100) and Smart (101).
 */
export async function expectStreamedExportAsWhole(returnType: 'gstr2a' | 'gstr2b', seed: string, periods: string[]): Promise<void> {
  const portal = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: 700, seed });
  const returns = storeReturns(createMemoryStore(), 'acme');
  for (const period of periods) expect((await pullReturn({ portal, store: returns, now: exportNow }, { gstin: GSTIN_A, returnType, period })).ok).toBe(true);
  for (const reportType of [100, 101] as const) {
    const streamed = await exportedWorkbook(returns, returnType, reportType, periods);
    const whole = await exportedWorkbook(uncounted(returns), returnType, reportType, periods);
    expect(streamed.rows).toBeGreaterThan(2000);
    expect(streamed.rows).toBe(whole.rows);
    expect(Buffer.from(streamed.bytes).equals(Buffer.from(whole.bytes))).toBe(true);
  }
}
