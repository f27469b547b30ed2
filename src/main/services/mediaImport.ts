// Imports a file the renderer picked or dropped into the media store, in chunks of at most 144 KiB so no IPC
// message nears the 256 KB bound (M1): begin (name, type, size) → chunks in order → finish, which checks the size,
// reads the image header (PNG/JPEG format and pixel size) and renames the temp file into the store. Imports are
// owned by the window that began them and expire when left idle.
import { randomUUID } from 'node:crypto'
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises'
import { AppError } from '../../shared/ipc/result'
import { MEDIA_IMPORT_CHUNK_BYTES, mediaRef, type ImportedMedia } from '../../shared/ipc/media'
import { imageDimensions } from '../../shared/video/images'
import type { MediaStore } from './mediaStore'
import { systemClock, type Clock } from './ports'

interface PendingImport {
  id: string
  owner: string
  name: string
  mimeType: string
  size: number
  received: number
  path: string
  handle: FileHandle
  header: Buffer[]
  headerBytes: number
  touchedAt: number
  /** Chunks are written one at a time, in order. */
  busy: boolean
}

const HEADER_BYTES = 96 * 1024

export interface MediaImportOptions {
  clock?: Clock
  /** An import with no chunk for this long is dropped, ms. */
  idleMs?: number
  /** Open imports per window. */
  maxPerOwner?: number
}

export class MediaImports {
  private readonly pending = new Map<string, PendingImport>()
  private readonly clock: Clock
  private readonly idleMs: number
  private readonly maxPerOwner: number

  constructor(
    private readonly media: MediaStore,
    options: MediaImportOptions = {},
  ) {
    this.clock = options.clock ?? systemClock
    this.idleMs = options.idleMs ?? 10 * 60_000
    this.maxPerOwner = options.maxPerOwner ?? 8
  }

  async begin(
    owner: string,
    file: { name: string; mimeType: string; size: number },
  ): Promise<{ importId: string; chunkBytes: number }> {
    await this.sweep()
    const openCount = [...this.pending.values()].filter((p) => p.owner === owner).length
    if (openCount >= this.maxPerOwner) {
      throw new AppError(
        'MEDIA_IMPORT_BUSY',
        `At most ${this.maxPerOwner} files can be imported at once; wait for the others to finish.`,
      )
    }
    await mkdir(this.media.dir, { recursive: true })
    const path = this.media.tempPath()
    const handle = await open(path, 'w', 0o600)
    const id = randomUUID()
    this.pending.set(id, {
      id,
      owner,
      name: file.name.replace(/[\\/\0]/g, '_'),
      mimeType: file.mimeType,
      size: file.size,
      received: 0,
      path,
      handle,
      header: [],
      headerBytes: 0,
      touchedAt: this.clock.now(),
      busy: false,
    })
    return { importId: id, chunkBytes: MEDIA_IMPORT_CHUNK_BYTES }
  }

  async chunk(owner: string, importId: string, offset: number, data: string): Promise<{ received: number }> {
    const p = this.get(owner, importId)
    if (p.busy) throw new AppError('MEDIA_IMPORT_ORDER', 'Chunks must be sent one at a time, in order.')
    if (offset !== p.received) {
      throw new AppError('MEDIA_IMPORT_ORDER', `Expected the chunk at offset ${p.received}, got ${offset}.`)
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data))
      throw new AppError('MEDIA_IMPORT_DATA', 'A chunk must be standard base64.')
    const bytes = Buffer.from(data, 'base64')
    if (bytes.length > MEDIA_IMPORT_CHUNK_BYTES || p.received + bytes.length > p.size) {
      await this.drop(p)
      throw new AppError('MEDIA_IMPORT_SIZE', `${p.name}: more bytes arrived than the ${p.size} announced.`)
    }
    p.busy = true
    try {
      await p.handle.write(bytes, 0, bytes.length, offset)
    } catch (error) {
      await this.drop(p)
      throw error
    } finally {
      p.busy = false
    }
    if (p.headerBytes < HEADER_BYTES) {
      p.header.push(bytes.subarray(0, HEADER_BYTES - p.headerBytes))
      p.headerBytes += Math.min(bytes.length, HEADER_BYTES - p.headerBytes)
    }
    p.received += bytes.length
    p.touchedAt = this.clock.now()
    return { received: p.received }
  }

  async finish(owner: string, importId: string): Promise<ImportedMedia> {
    const p = this.get(owner, importId)
    if (p.received !== p.size) {
      await this.drop(p)
      throw new AppError(
        'MEDIA_IMPORT_SIZE',
        `${p.name}: ${p.received} of ${p.size} bytes arrived; add the file again.`,
      )
    }
    this.pending.delete(p.id)
    await p.handle.close()
    const dims = imageDimensions(Buffer.concat(p.header))
    // The bytes decide the type of an image, not the name or the browser's guess.
    const mimeType =
      dims?.format === 'png'
        ? 'image/png'
        : dims?.format === 'jpeg'
          ? 'image/jpeg'
          : p.mimeType || 'application/octet-stream'
    try {
      const info = await this.media.adoptFile(p.path, mimeType, p.name)
      return {
        mediaId: info.id,
        ref: mediaRef(info.id),
        url: this.media.url(info.id),
        name: info.name,
        mimeType,
        size: info.size,
        image: dims && dims.format ? { format: dims.format, width: dims.width, height: dims.height } : null,
      }
    } catch (error) {
      await rm(p.path, { force: true })
      throw error
    }
  }

  async cancel(owner: string, importId: string): Promise<boolean> {
    const p = this.pending.get(importId)
    if (!p || p.owner !== owner) return false
    await this.drop(p)
    return true
  }

  /** Drops every open import (app shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.pending.values()].map((p) => this.drop(p)))
  }

  private get(owner: string, importId: string): PendingImport {
    const p = this.pending.get(importId)
    if (!p || p.owner !== owner) {
      throw new AppError('MEDIA_IMPORT_NOT_FOUND', 'This import is unknown or expired; add the file again.')
    }
    return p
  }

  private async drop(p: PendingImport): Promise<void> {
    this.pending.delete(p.id)
    await p.handle.close().catch(() => undefined)
    await rm(p.path, { force: true })
  }

  private async sweep(): Promise<void> {
    const now = this.clock.now()
    const stale = [...this.pending.values()].filter((p) => !p.busy && now - p.touchedAt > this.idleMs)
    await Promise.all(stale.map((p) => this.drop(p)))
  }
}
