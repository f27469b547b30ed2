// The compare domain: a comparison's columns are ordinary text runs (the text domain), so main only receives its
// export. The renderer assembles the report and uploads it in pieces of at most EXPORT_PIECE_CHARS (M1: a long
// comparison never rides in one message); the last piece writes the file through a save dialog (desktop) or
// answers a download URL (browser mode).
import { z } from 'zod'
import { defineCommand } from './define'

/** Characters one export piece may carry: at most ~192 KB even in 3-byte UTF-8 (M1). */
export const EXPORT_PIECE_CHARS = 64 * 1024

export const COMPARE_EXPORT_FORMATS = ['json', 'markdown'] as const
export type CompareExportFormat = (typeof COMPARE_EXPORT_FORMATS)[number]

export const compareCommands = {
  /**
   * Appends piece `index` (0, 1, 2, … in order) of an export; the piece with `done` writes the whole file and
   * answers where it went. A piece out of order or an unknown export is refused, and the export is dropped.
   */
  'compare.putExport': defineCommand(
    z.object({
      exportId: z.string().regex(/^[\w-]{8,100}$/),
      format: z.enum(COMPARE_EXPORT_FORMATS),
      index: z.number().int().min(0),
      piece: z.string().max(EXPORT_PIECE_CHARS),
      done: z.boolean(),
    }),
    z.object({
      done: z.boolean(),
      saved: z.boolean(),
      path: z.string().nullable(),
      url: z.string().nullable(),
      name: z.string(),
      bytes: z.number(),
    }),
  ),
}
