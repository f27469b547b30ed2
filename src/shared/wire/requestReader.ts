// Reading a request body back into a draft (the raw JSON view's way back to the form). Every reader here
// records what it cannot place as a dotted path in `unmapped` instead of throwing or dropping it silently:
// a field either lands in the draft, is derived by build from something that did, or is listed.
import type { z } from 'zod'
import type { ParsedRequest, ParseRequestContext } from './adapter'
import { parseDataUrl, toDataUrl } from './dataUrl'
import type { Draft, ImagePart, ToolDefinition } from './draft'
import { isObject } from './read'
import type { JsonObject } from './read'

/** The path of the body itself in `unmapped` (the body was not a JSON object). */
export const WHOLE_BODY_PATH = '$'

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** `parent.key`, or `parent["odd key"]` when the key is not an identifier. */
export function childPath(parent: string, key: PropertyKey): string {
  if (typeof key === 'number') return `${parent}[${key}]`
  const name = String(key)
  if (!IDENTIFIER.test(name)) return `${parent}[${JSON.stringify(name)}]`
  return parent === '' ? name : `${parent}.${name}`
}

/** Collects unmapped paths once each, in the order they were found. */
export class Unmapped {
  private readonly paths = new Set<string>()

  add(path: string): void {
    this.paths.add(path)
  }

  /** The paths without those inside another listed path (a listed object covers its fields). */
  list(): string[] {
    const listedParent = (p: string): boolean => {
      for (let i = 1; i < p.length; i++) {
        if ((p[i] === '.' || p[i] === '[') && this.paths.has(p.slice(0, i))) return true
      }
      return false
    }
    return [...this.paths].filter((p) => !listedParent(p))
  }
}

/**
 * The fields of one JSON object: each typed read marks its key as consumed and lists a present value of the
 * wrong type; `done()` lists every key nobody consumed. `null` reads as absent, as servers treat it.
 */
export class Fields {
  private readonly used = new Set<string>()

  constructor(
    readonly value: JsonObject,
    readonly path: string,
    readonly out: Unmapped,
  ) {}

  /** Fields of `value`; `undefined` when it is no object (listing `path` unless the value is absent). */
  static of(value: unknown, path: string, out: Unmapped): Fields | undefined {
    if (isObject(value)) return new Fields(value, path, out)
    if (value !== undefined && value !== null) out.add(path)
    return undefined
  }

  at(key: string): string {
    return childPath(this.path, key)
  }

  /** Marks `key` consumed and returns its value (`undefined` for null). */
  take(key: string): unknown {
    this.used.add(key)
    const v = this.value[key]
    return v === null ? undefined : v
  }

  /** Consumes `key` without reading it: its meaning is carried by something else. */
  skip(key: string): void {
    this.used.add(key)
  }

  /** Leaves `key` unconsumed, so `done()` lists it. */
  reject(key: string): void {
    this.used.delete(key)
  }

  has(key: string): boolean {
    const v = this.value[key]
    return v !== undefined && v !== null
  }

  private typed<T>(key: string, ok: (v: unknown) => v is T): T | undefined {
    const v = this.take(key)
    if (v === undefined) return undefined
    if (ok(v)) return v
    this.out.add(this.at(key))
    return undefined
  }

  str(key: string): string | undefined {
    return this.typed(key, (v): v is string => typeof v === 'string')
  }

  num(key: string): number | undefined {
    return this.typed(key, (v): v is number => typeof v === 'number' && Number.isFinite(v))
  }

  int(key: string): number | undefined {
    // zod ints are safe integers; a larger one could not pass the draft schema.
    return this.typed(key, (v): v is number => Number.isSafeInteger(v))
  }

  bool(key: string): boolean | undefined {
    return this.typed(key, (v): v is boolean => typeof v === 'boolean')
  }

  list(key: string): unknown[] | undefined {
    return this.typed(key, (v): v is unknown[] => Array.isArray(v))
  }

  obj(key: string): Fields | undefined {
    return Fields.of(this.take(key), this.at(key), this.out)
  }

  /** A string from a fixed set; other values are listed. */
  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    return this.typed(key, (v): v is T => typeof v === 'string' && (values as readonly string[]).includes(v))
  }

  /** Strings of an array; non-strings are listed by index. */
  strings(key: string): string[] | undefined {
    const list = this.list(key)
    if (!list) return undefined
    return list.flatMap((v, i) => {
      if (typeof v === 'string') return [v]
      this.out.add(childPath(this.at(key), i))
      return []
    })
  }

  /** The fields nobody consumed (null ones aside), now consumed: for extras that take whatever is left. */
  rest(): JsonObject {
    const out: JsonObject = {}
    for (const [key, v] of Object.entries(this.value)) {
      if (this.used.has(key) || v === null || v === undefined) continue
      this.used.add(key)
      out[key] = v
    }
    return out
  }

  /** Lists every key not consumed; null-valued ones mean nothing and are not listed. */
  done(): void {
    for (const [key, v] of Object.entries(this.value)) {
      if (!this.used.has(key) && v !== null && v !== undefined) this.out.add(this.at(key))
    }
  }
}

/** Each element of an array as fields; elements that are not objects are listed and read as `undefined`. */
export function objectsOf(list: unknown[], path: string, out: Unmapped): (Fields | undefined)[] {
  return list.map((v, i) => {
    const p = childPath(path, i)
    if (isObject(v)) return new Fields(v, p, out)
    out.add(p)
    return undefined
  })
}

/**
 * The part of `value` that `schema` accepts, for extras the adapters place verbatim. An invalid field is
 * cut (and listed) until the rest parses; keys the schema would strip are listed too. `undefined` when
 * nothing fits.
 */
export function salvage<T>(schema: z.ZodType<T>, value: unknown, path: string, out: Unmapped): T | undefined {
  if (value === undefined || value === null) return undefined
  const candidate: unknown = structuredClone(value)
  const cut: string[] = []
  // Each round cuts at least one node, so a body of n nodes needs at most n rounds; 200 bounds odd inputs.
  for (let round = 0; round < 200; round++) {
    const result = schema.safeParse(candidate)
    if (result.success) {
      for (const p of cut) out.add(p)
      droppedKeys(candidate, result.data, path, out)
      return result.data
    }
    const issue = result.error.issues[0]
    const removed = issue ? cutAt(candidate, issue.path) : undefined
    if (removed === undefined) break
    cut.push(removed.reduce<string>((p, k) => childPath(p, k), path))
  }
  out.add(path)
  return undefined
}

/** Removes the node at `issuePath` or its nearest present ancestor; its path, or `undefined` for the root. */
function cutAt(root: unknown, issuePath: readonly PropertyKey[]): PropertyKey[] | undefined {
  const path = [...issuePath]
  while (path.length > 0) {
    const parent = path.slice(0, -1).reduce<unknown>((node, k) => index(node, k), root)
    const key = path[path.length - 1] as PropertyKey
    if (index(parent, key) !== undefined) {
      if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1)
      else if (isObject(parent)) delete parent[String(key)]
      else return undefined
      return path
    }
    path.pop()
  }
  return undefined
}

function index(node: unknown, key: PropertyKey): unknown {
  if (Array.isArray(node) && typeof key === 'number') return node[key]
  if (isObject(node) && typeof key !== 'symbol') return node[String(key)]
  return undefined
}

/** Lists keys present in `input` but missing from the parsed `output` (stripped by a non-loose schema). */
function droppedKeys(input: unknown, output: unknown, path: string, out: Unmapped): void {
  if (Array.isArray(input) && Array.isArray(output)) {
    input.forEach((v, i) => droppedKeys(v, output[i], childPath(path, i), out))
  } else if (isObject(input) && isObject(output)) {
    for (const [k, v] of Object.entries(input)) {
      if (v === undefined) continue
      if (!(k in output)) out.add(childPath(path, k))
      else droppedKeys(v, output[k], childPath(path, k), out)
    }
  }
}

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]))
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined)
    const kb = Object.keys(b).filter((k) => b[k] !== undefined)
    return ka.length === kb.length && ka.every((k) => k in b && jsonEqual(a[k], b[k]))
  }
  return false
}

/** Sets `key` only when `value` is defined, so parsed drafts carry no `undefined` keys. */
export function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value
}

/** True when an extras object has at least one field. */
export const nonEmpty = (o: object): boolean => Object.keys(o).length > 0

/** The draft for a body that is not a JSON object: the context's model and stream, no messages. */
export function emptyDraft(context: ParseRequestContext): Draft {
  const draft: Draft = { model: context.model ?? '', messages: [] }
  put(draft, 'stream', context.stream)
  return draft
}

/** Reads every request of one format: a body that is not an object yields the empty draft and `$`. */
export function readRequest(
  body: unknown,
  context: ParseRequestContext,
  read: (fields: Fields) => Draft,
): ParsedRequest {
  const out = new Unmapped()
  if (!isObject(body)) {
    out.add(WHOLE_BODY_PATH)
    return { draft: emptyDraft(context), unmapped: out.list() }
  }
  const fields = new Fields(body, '', out)
  const draft = read(fields)
  fields.done()
  return { draft, unmapped: out.list() }
}

/** The draft's model and stream from a body that carries them, the context filling what it lacks. */
export function draftHead(f: Fields, context: ParseRequestContext): Draft {
  const draft: Draft = { model: f.str('model') ?? context.model ?? '', messages: [] }
  put(draft, 'stream', f.bool('stream') ?? context.stream)
  return draft
}

/** An image from a URL: a base64 data URL that build would write back identically becomes mimeType + data. */
export function imageFromUrl(url: string): ImagePart {
  const parsed = parseDataUrl(url)
  if (parsed?.base64 && toDataUrl(parsed.mimeType, parsed.data) === url) {
    return { type: 'image', mimeType: parsed.mimeType, data: parsed.data }
  }
  return { type: 'image', url }
}

/** `{name, description, <schemaKey>}` of a function tool; `undefined` (listed) without a string name. */
export function readToolDefinition(f: Fields, schemaKey = 'parameters'): ToolDefinition | undefined {
  const name = f.str('name')
  const description = f.str('description')
  const parameters = f.take(schemaKey)
  if (parameters !== undefined && !isObject(parameters)) f.out.add(f.at(schemaKey))
  if (name === undefined) {
    f.out.add(f.path)
    return undefined
  }
  const tool: ToolDefinition = { name }
  put(tool, 'description', description)
  if (isObject(parameters)) tool.parameters = parameters
  return tool
}

/** A string, or the texts of an array of `{type: <textType>, text}` parts joined; other parts are listed. */
export function textOf(value: unknown, path: string, out: Unmapped, textType: string, joiner = ''): string {
  if (typeof value === 'string') return value
  if (!Array.isArray(value)) {
    if (value !== undefined && value !== null) out.add(path)
    return ''
  }
  const texts: string[] = []
  objectsOf(value, path, out).forEach((p) => {
    if (!p) return
    if (p.value.type !== textType || typeof p.value.text !== 'string') return out.add(p.path)
    p.skip('type')
    texts.push(p.str('text') ?? '')
    p.done()
  })
  return texts.join(joiner)
}

/** Salvages each of `keys` of `f` into `target` with its schema: extras that build places verbatim. */
export function salvageInto<T extends object>(
  target: T,
  shape: { [K in keyof T]-?: z.ZodType<T[K]> },
  keys: readonly (keyof T & string)[],
  f: Fields,
): void {
  for (const key of keys) put(target, key, salvage(shape[key], f.take(key), f.at(key), f.out))
}
