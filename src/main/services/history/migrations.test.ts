import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sqlite3 from 'node-sqlite3-wasm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, migrate, schemaVersion, SchemaTooNewError } from './migrations'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-migrations-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const open = () => new sqlite3.Database(join(dir, 'h.db'))

describe('history migrations', () => {
  it('brings a new file to the latest schema version and records each applied version', () => {
    const db = open()
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version))
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version)
    const names = db.all('SELECT name FROM schema_migrations ORDER BY version') as { name: string }[]
    expect(names.map((n) => n.name)).toEqual(MIGRATIONS.map((m) => m.name))
    db.close()
  })

  it('upgrades a version-1 file in place and keeps its rows', () => {
    const db = open()
    migrate(db, MIGRATIONS.slice(0, 1))
    db.run(
      "INSERT INTO runs (id, created_at, kind, status, prompt, answer) VALUES ('r1', 1, 'text', 'done', 'p', 'kept answer')",
    )
    db.close()
    const again = open()
    expect(schemaVersion(again)).toBe(1)
    expect(migrate(again)).toEqual([2, 3, 4, 5])
    expect(again.get('SELECT answer FROM runs WHERE id = ?', ['r1'])).toEqual({ answer: 'kept answer' })
    expect(again.all('SELECT name FROM sqlite_master WHERE name = ?', ['suites'])).toHaveLength(1)
    again.close()
  })

  it('does nothing on a file already at the latest version', () => {
    const db = open()
    migrate(db)
    expect(migrate(db)).toEqual([])
    db.close()
  })

  it('refuses a file from a newer schema and leaves it unchanged', () => {
    const db = open()
    migrate(db)
    db.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 0)")
    expect(() => migrate(db)).toThrow(SchemaTooNewError)
    expect(schemaVersion(db)).toBe(99)
    db.close()
  })

  it('rolls back a failing migration, leaving the file at its last whole version', () => {
    const db = open()
    const broken = [
      ...MIGRATIONS.slice(0, 1),
      { version: 2, name: 'broken', sql: 'CREATE TABLE x (a); NOT SQL' },
    ]
    expect(() => migrate(db, broken)).toThrow()
    expect(schemaVersion(db)).toBe(1)
    expect(db.all("SELECT name FROM sqlite_master WHERE name = 'x'")).toHaveLength(0)
    db.close()
  })
})
