/**
 * A day list costs what it lists, not what the store holds: the same 50 e-waybills listed from a store of
 * 100 and from one of 3,000 (more of that day from other GSTINs, and other days of the same GSTINs) read
 * no more rows (at 3,000 the listed ones alone, from the index). Counted from PostgreSQL's own plan
 * (EXPLAIN ANALYZE of each list's page statement on PGlite): rows each scan returned, rows it read and
 * threw away, and rows it fetched from the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EwbDayList, EwbListed, EwbRow, Store } from '../../src/ports/store.js';
import type { SqlClient } from '../../src/store/sql-client.js';
import { openPgliteClient } from '../../src/store/pglite.js';
import { createSqlStore } from '../../src/store/sql-store.js';
import { dayPageStatement } from '../../src/store/sql/ewaybill-day-page.js';
import { startPgliteUpkeep } from '../../src/store/pglite-upkeep.js';

const G = '29AAGCM4821K1Z6';
const R = '29AADCN7314Q1ZU';
const T = '29AAJCB9052D1ZK';
const OTHER = '33AAHCT2290K1Z6';
const DAY = '03/07/2025';

let client: SqlClient;
let store: Store;
let next = 0;
beforeAll(async () => {
  client = await openPgliteClient();
  store = await createSqlStore(client, 'pglite');
});
afterAll(() => store.close());

/** One e-waybill stored as the sandbox stores it, with its listed fields. */
async function bill(over: { genGstin: string; toGstin: string; genDate: string; transporterId?: string; rejected?: boolean }): Promise<void> {
  const ewbNo = String(310000000000 + next++);
  const listed = { ewbNo: Number(ewbNo), docNo: `D/${ewbNo}`, genGstin: over.genGstin, rejectStatus: over.rejected ? 'Y' : 'N' } as unknown as EwbListed;
  const row: EwbRow = {
    ewbNo,
    companyId: 'acme',
    genGstin: over.genGstin,
    fromGstin: over.genGstin,
    toGstin: over.toGstin,
    docType: 'INV',
    docKey: `D/${ewbNo}`,
    genDate: over.genDate,
    status: 'ACT',
    entry: { partA: { docNo: `D/${ewbNo}`, itemList: [{ productDesc: 'x'.repeat(500) }] } },
    listed,
    ...(over.transporterId ? { transporterId: over.transporterId } : {}),
  };
  await store.insertEwb(row, { ewbNo, at: new Date(0).toISOString(), event: 'generated', detail: {} });
}

/** Bills that are on none of the lists asked: the same day from another generator to another party, and other days. */
async function unlisted(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) await bill({ genGstin: OTHER, toGstin: OTHER, genDate: DAY, transporterId: OTHER });
    else await bill({ genGstin: G, toGstin: R, genDate: `${String((i % 27) + 1).padStart(2, '0')}/06/2025`, transporterId: T });
  }
}

interface Read {
  returned: number;
  thrownAway: number;
  heapFetches: number;
}

/** What the page statement of a list read, summed over the scans of its plan. */
async function rowsRead(list: EwbDayList): Promise<Read> {
  const { sql, params } = dayPageStatement(list, '', 500);
  const [row] = await client.query(`explain (analyze, format json) ${sql}`, params);
  const plan = (row!['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan;
  const read: Read = { returned: 0, thrownAway: 0, heapFetches: 0 };
  const walk = (n: PlanNode): void => {
    if (/Scan/.test(n['Node Type'])) {
      read.returned += n['Actual Rows'] * (n['Actual Loops'] ?? 1);
      read.thrownAway += (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0);
      read.heapFetches += n['Heap Fetches'] ?? 0;
    }
    for (const child of n.Plans ?? []) walk(child);
  };
  walk(plan);
  return read;
}

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

const lists: Record<string, EwbDayList> = {
  generator: { list: 'generator', companyId: 'acme', gstin: G, date: DAY },
  rejected: { list: 'rejected', companyId: 'acme', gstin: G, date: DAY },
  'other party': { list: 'other-party', gstin: R, date: DAY },
  transporter: { list: 'transporter', gstin: T, date: DAY },
};

describe('the day lists read what they list, however many bills the store holds', () => {
  it('reads no more rows for the same 50 listed bills at 3,000 bills held than at 100', async () => {
    // The listed day: 50 bills from G to R carried by T, 5 of them rejected by R.
    for (let i = 0; i < 50; i++) await bill({ genGstin: G, toGstin: R, genDate: DAY, transporterId: T, rejected: i % 10 === 0 });
    await unlisted(50);
    const upkeep = startPgliteUpkeep(client, 0);
    const measure = async () => {
      // As the store's upkeep leaves it: vacuumed, so index-only scans need not visit the table.
      for (let i = 0; i < 5; i++) await upkeep.step();
      return Object.fromEntries(await Promise.all(Object.entries(lists).map(async ([name, list]) => [name, await rowsRead(list)] as const)));
    };
    const small = await measure();
    await unlisted(2900);
    const large = await measure();
    await upkeep.stop();
    const held = Number((await client.query('select count(*) as n from gst_ewb'))[0]!['n']);
    expect(held).toBe(3000);
    for (const name of Object.keys(lists)) {
      const listed = (await store.ewbDayPage(lists[name]!, '', 500)).length;
      expect(listed, name).toBe(name === 'rejected' ? 5 : 50);
      // No more rows read at 3,000 than at 100 (at 100 the planner may find a short scan of the table as cheap),
      // and at 3,000 only the listed ones, from the index alone.
      const total = (r: Read) => r.returned + r.thrownAway + r.heapFetches;
      expect(total(large[name]!), name).toBeLessThanOrEqual(total(small[name]!));
      expect(large[name]!.returned, name).toBeLessThanOrEqual(listed);
      expect(large[name]!.thrownAway, name).toBe(0);
      expect(large[name]!.heapFetches, name).toBe(0);
    }
  }, 180_000);
});
