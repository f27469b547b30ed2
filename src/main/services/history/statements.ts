// Reading prepared statements of the WebAssembly SQLite build safely: its `get` leaves a statement part-way
// through its rows, and a statement left so keeps the transaction around it from committing.
import type { Statement } from 'node-sqlite3-wasm'

export type Sql = Record<string, string | number | null>

/** The first row a prepared statement answers, the statement run to its end. */
export function first(statement: Statement, values: (string | number | null | Uint8Array)[]): Sql | null {
  return (statement.all(values)[0] as Sql | undefined) ?? null
}
