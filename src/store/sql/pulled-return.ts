/**
 * Pulled returns on SQL: a pull's pieces are written under a new version, and the return's head row
 * switches to it in the same transaction, so a reader sees the old pull or the new one, never a mix.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { PulledReturnStore, ReturnInfo } from '../../ports/store.js';
import { returnPieces } from '../return-pieces.js';
import type { Row, SqlClient } from '../sql-client.js';
import { iso } from './values.js';

/** What a return's head row says, common to its info and its whole text: who, which return, when pulled, how many documents. */
function returnHead(key: readonly [companyId: string, gstin: string, returnType: string, period: string], r: Row): Omit<ReturnInfo, 'version' | 'pieces'> {
  const [companyId, gstin, returnType, period] = key;
  return {
    companyId,
    gstin,
    returnType,
    period,
    pulledAt: iso(r['pulled_at']),
    ...(r['documents'] !== null && r['documents'] !== undefined ? { documents: Number(r['documents']) } : {}),
  };
}

/** The pulled-return store over `client`. */
export function sqlPulledReturnStore(client: SqlClient): PulledReturnStore {
  return {
    async putReturn(row) {
      const pieces = returnPieces(row.json);
      const version = randomUUID();
      const key = [row.companyId, row.gstin, row.returnType, row.period];
      await client.transaction(async (tx) => {
        for (let seq = 0; seq < pieces.length; seq++) {
          await tx.query('insert into gst_return_piece (version, seq, piece) values ($1, $2, $3)', [version, seq, pieces[seq]]);
        }
        const inserted = await tx.query(
          `insert into gst_return (company_id, gstin, return_type, period, pulled_at, version, pieces, documents) values ($1, $2, $3, $4, $5, $6, $7, $8)
           on conflict (company_id, gstin, return_type, period) do nothing returning version`,
          [...key, row.pulledAt, version, pieces.length, row.documents ?? null],
        );
        if (inserted.length > 0) return;
        // Replacing an earlier pull: its row is locked until this commits, so two pulls of one return queue.
        const old = await tx.query('select version from gst_return where company_id = $1 and gstin = $2 and return_type = $3 and period = $4 for update', key);
        await tx.query(
          'update gst_return set pulled_at = $5, version = $6, pieces = $7, documents = $8 where company_id = $1 and gstin = $2 and return_type = $3 and period = $4',
          [...key, row.pulledAt, version, pieces.length, row.documents ?? null],
        );
        if (old[0]) await tx.query('delete from gst_return_piece where version = $1', [old[0]['version']]);
      });
    },

    async getReturnInfo(companyId, gstin, returnType, period) {
      const key = [companyId, gstin, returnType, period] as const;
      const rows = await client.query(
        'select pulled_at, version, pieces, documents from gst_return where company_id = $1 and gstin = $2 and return_type = $3 and period = $4',
        [...key],
      );
      const r = rows[0];
      if (!r) return undefined;
      return { ...returnHead(key, r), version: String(r['version']), pieces: Number(r['pieces']) };
    },

    async listReturnsOfPeriod(returnType, period) {
      const rows = await client.query(
        'select company_id, gstin, pulled_at, version, pieces, documents from gst_return where return_type = $1 and period = $2 order by company_id, gstin',
        [returnType, period],
      );
      return rows.map((r) => ({
        ...returnHead([String(r['company_id']), String(r['gstin']), returnType, period], r),
        version: String(r['version']),
        pieces: Number(r['pieces']),
      }));
    },

    async getReturnPiece(version, seq) {
      const rows = await client.query('select piece from gst_return_piece where version = $1 and seq = $2', [version, seq]);
      return rows[0] ? String(rows[0]['piece']) : undefined;
    },

    async getReturn(companyId, gstin, returnType, period) {
      const key = [companyId, gstin, returnType, period] as const;
      // One consistent read: the head and its pieces in one statement, so a concurrent pull cannot mix in.
      const rows = await client.query(
        `select r.pulled_at, r.documents, p.piece from gst_return r join gst_return_piece p on p.version = r.version
         where r.company_id = $1 and r.gstin = $2 and r.return_type = $3 and r.period = $4 order by p.seq`,
        [...key],
      );
      const r = rows[0];
      if (!r) return undefined;
      return { ...returnHead(key, r), json: rows.map((p) => String(p['piece'])).join('') };
    },
  };
}
