// Downloads of a result set's vectors as JSON, CSV or NumPy `.npy`, written into the media store piece by
// piece. Invariant: one item at a time with yields between, so a large set never blocks main, and `.npy`
// is always little-endian float32 whatever the machine's byte order.
import { endianness } from 'node:os'
import type { MediaStore } from '../mediaStore'
import type { SaveDialog } from '../video/ports'
import type { ExportFormat } from '../../../shared/ipc/embeddings'
import type { ResultSet } from './resultSets'
import { createPacer } from './vectorMath'

export interface ExportedSet {
  saved: boolean
  path: string | null
  url: string | null
  name: string
}

const csvCell = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

async function* npyChunks(set: ResultSet, pace: () => Promise<void>): AsyncGenerator<Buffer> {
  const n = set.vectors.length
  const d = set.vectors[0]?.length ?? 0
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${n}, ${d}), }`
  header += ' '.repeat((64 - ((10 + header.length + 1) % 64)) % 64) + '\n'
  const head = Buffer.alloc(10)
  head.write('\x93NUMPY', 0, 'latin1')
  head[6] = 1
  head.writeUInt16LE(header.length, 8)
  yield Buffer.concat([head, Buffer.from(header, 'latin1')])
  for (const v of set.vectors) {
    if (endianness() === 'LE') yield Buffer.from(Float32Array.from(v).buffer)
    else {
      const b = Buffer.alloc(v.length * 4)
      v.forEach((x, k) => b.writeFloatLE(x, k * 4))
      yield b
    }
    await pace()
  }
}

/** The export file in pieces, one item at a time with yields between. */
async function* exportChunks(set: ResultSet, format: ExportFormat): AsyncGenerator<Buffer> {
  const pace = createPacer()
  const n = set.vectors.length
  const d = set.vectors[0]?.length ?? 0
  if (format === 'npy') {
    yield* npyChunks(set, pace)
    return
  }
  if (format === 'csv') {
    yield Buffer.from(`label,text,${Array.from({ length: d }, (_, k) => `v${k}`).join(',')}\n`)
    for (let i = 0; i < n; i++) {
      yield Buffer.from(
        `${csvCell(set.labels[i]!)},${csvCell(set.texts[i] ?? '')},${Array.from(set.vectors[i]!).join(',')}\n`,
      )
      await pace()
    }
    return
  }
  yield Buffer.from(`{"model":${JSON.stringify(set.model)},"count":${n},"dimensions":${d},"items":[\n`)
  for (let i = 0; i < n; i++) {
    const item = {
      index: i,
      label: set.labels[i],
      text: set.texts[i] ?? '',
      embedding: Array.from(set.vectors[i]!),
    }
    yield Buffer.from(`${JSON.stringify(item)}${i < n - 1 ? ',' : ''}\n`)
    await pace()
  }
  yield Buffer.from(']}\n')
}

/** Writes the set to the media store, then offers a save dialog (Electron) or a download URL (browser). */
export async function exportSet(
  media: MediaStore,
  saveDialog: SaveDialog | undefined,
  set: ResultSet,
  format: ExportFormat,
): Promise<ExportedSet> {
  const name = `embeddings-${set.vectors.length}x${set.vectors[0]?.length ?? 0}.${format}`
  const mime =
    format === 'json' ? 'application/json' : format === 'csv' ? 'text/csv' : 'application/octet-stream'
  const info = await media.putStream(exportChunks(set, format), mime, name)
  if (saveDialog) {
    const source = await media.path(info.id)
    const path = source ? await saveDialog.saveCopy(source, name) : null
    return { saved: path !== null, path, url: null, name }
  }
  return { saved: false, path: null, url: media.url(info.id), name }
}
