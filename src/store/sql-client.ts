/**
 * The little the SQL store needs from a PostgreSQL driver: run a statement, run several in one
 * transaction. PGlite and `pg` each get a thin adapter.
 * @module
 */

export type Row = Record<string, unknown>;

/** Runs one statement with `$1..$n` parameters. */
export interface SqlQuery {
  query(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlClient extends SqlQuery {
  /** Runs `work` in one transaction: all of it is visible, or none. */
  transaction<T>(work: (tx: SqlQuery) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters. */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}
