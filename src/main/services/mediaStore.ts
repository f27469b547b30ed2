// Local media (videos, generated images, attachments) under the app's data folder, addressed by opaque ids:
// 32 hex characters, so no id can name a path outside the folder. Files arrive whole (written to a temp file
// and renamed), and the renderer sees them only as URLs (`media://<id>` or browser mode's /media/<id>).
import { randomBytes } from 'node:crypto'
import { createWriteStream, promises as fs } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { writeFileAtomic } from './atomicFile'

export interface MediaInfo {
  id: string
  mimeType: string
  size: number
  /** A name for "Save as…" (never used as a path). */
  name: string
  createdAt: number
}

const ID = /^[a-f0-9]{32}$/

export const isMediaId = (id: string): boolean => ID.test(id)

export class MediaStore {
  constructor(
    readonly dir: string,
    /** How the renderer addresses a media id in this host. */
    private readonly urlFor: (id: string) => string,
  ) {}

  url(id: string): string {
    return this.urlFor(id)
  }

  /** Stores bytes held in memory (small media: generated images, attachments). */
  async putBytes(bytes: Uint8Array, mimeType: string, name: string): Promise<MediaInfo> {
    const info = this.newInfo(mimeType, name, bytes.byteLength)
    await fs.mkdir(this.dir, { recursive: true })
    await writeFileAtomic(this.file(info.id), bytes, 0o600)
    await this.writeMeta(info)
    return info
  }

  /** Streams a body to a temp file and renames it into place; a failed copy leaves nothing behind. */
  async putStream(
    source: Readable | AsyncIterable<Uint8Array>,
    mimeType: string,
    name: string,
  ): Promise<MediaInfo> {
    await fs.mkdir(this.dir, { recursive: true })
    const info = this.newInfo(mimeType, name, 0)
    const temp = `${this.file(info.id)}.part`
    try {
      await pipeline(source, createWriteStream(temp, { mode: 0o600 }))
      await fs.rename(temp, this.file(info.id))
    } catch (error) {
      await fs.rm(temp, { force: true })
      throw error
    }
    info.size = (await fs.stat(this.file(info.id))).size
    await this.writeMeta(info)
    return info
  }

  /** Adopts a finished file written elsewhere in the same folder tree (atomic rename). */
  async adoptFile(path: string, mimeType: string, name: string): Promise<MediaInfo> {
    await fs.mkdir(this.dir, { recursive: true })
    const info = this.newInfo(mimeType, name, (await fs.stat(path)).size)
    await fs.rename(path, this.file(info.id))
    await this.writeMeta(info)
    return info
  }

  /** A temp path inside the store's folder, for writers that rename into place with adoptFile. */
  tempPath(): string {
    return join(this.dir, `.incoming-${randomBytes(8).toString('hex')}.part`)
  }

  async info(id: string): Promise<MediaInfo | null> {
    if (!isMediaId(id)) return null
    try {
      return JSON.parse(await fs.readFile(this.metaFile(id), 'utf8')) as MediaInfo
    } catch {
      return null
    }
  }

  /** The file of an id, or null when the id is malformed or unknown. */
  async path(id: string): Promise<string | null> {
    return (await this.info(id)) ? this.file(id) : null
  }

  async delete(id: string): Promise<void> {
    if (!isMediaId(id)) return
    await fs.rm(this.file(id), { force: true })
    await fs.rm(this.metaFile(id), { force: true })
  }

  private newInfo(mimeType: string, name: string, size: number): MediaInfo {
    return { id: randomBytes(16).toString('hex'), mimeType, size, name, createdAt: Date.now() }
  }

  private file(id: string): string {
    return join(this.dir, id)
  }

  private metaFile(id: string): string {
    return join(this.dir, `${id}.json`)
  }

  private writeMeta(info: MediaInfo): Promise<void> {
    return writeFileAtomic(this.metaFile(info.id), JSON.stringify(info), 0o600)
  }
}
