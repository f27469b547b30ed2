// The history domain: lists, opens, deletes and exports recorded runs, sets capture retention, and tells the
// windows that watch it of each run recorded. Exports are written to the media store and answered as a link, so
// a large history never crosses IPC (M1).
import { historyCommands } from '../../../shared/ipc/history'
import { AppError } from '../../../shared/ipc/result'
import type { Events } from '../../../shared/ipc/contract'
import type { HistoryAccess } from '../../services/history/openHistory'
import type { HistoryStore } from '../../services/history/historyStore'
import type { MediaStore } from '../../services/mediaStore'
import type { Handlers } from '../router'
import type { EventSink } from '../../services/ports'
import { defineDomain } from '../domain'

interface HistoryServices {
  history: HistoryAccess
  media: MediaStore
}

export function historyHandlers({
  history,
  media,
}: HistoryServices): Handlers<typeof historyCommands, Events> {
  const store = (): HistoryStore => {
    if (!history.store)
      throw new AppError('HISTORY_UNAVAILABLE', history.problem ?? 'The history is not available.')
    return history.store
  }
  // Windows that asked to hear of new runs, by sender; a closed window's sink is dropped on the next run.
  const watching = new Map<string, EventSink<Events>>()
  history.onOpen((opened) =>
    opened.watch((run) => {
      for (const [sender, sink] of watching) {
        if (sink.alive) sink.emit('history.runRecorded', run)
        else watching.delete(sender)
      }
    }),
  )
  return {
    'history.listRuns': ({ offset, limit, ...filter }) => {
      const t0 = performance.now()
      const page = store().list(filter, offset, limit)
      return { ...page, tookMs: Math.round((performance.now() - t0) * 10) / 10 }
    },
    'history.listFacets': () => store().facets(),
    'history.getRun': async ({ id }) => {
      const run = await store().get(id)
      if (!run) throw new AppError('HISTORY_RUN_GONE', `id: no run ${id} in the history (it was deleted).`)
      return run
    },
    'history.deleteRuns': async ({ ids }) => ({ deleted: await store().delete(ids) }),
    'history.exportRuns': async ({ ids, filter }) => {
      const runs = store().records(ids ?? null, filter ?? {})
      const text = JSON.stringify({ version: 1, exportedAt: new Date().toISOString(), runs }, null, 2)
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
      const name = `history-${stamp}.json`
      const info = await media.putBytes(Buffer.from(text, 'utf8'), 'application/json', name)
      return { url: media.url(info.id), name, bytes: info.size, runs: runs.length }
    },
    'history.getStorage': () => store().storage(),
    // Asked as the page starts: it waits for the database's scheduled open rather than opening it on the
    // start-up path (the runs a previous process left are found as it opens).
    'history.listInterrupted': async () => ({ runs: (await history.whenOpen())?.interrupted ?? [] }),
    'history.dismissInterrupted': () => ({ dismissed: history.store?.dismissInterrupted() ?? 0 }),
    'history.setRetention': ({ days }) => store().setRetention(days),
    'history.watchRuns': ({ watching: on }, ctx) => {
      if (on) watching.set(ctx.senderId, ctx.events)
      else watching.delete(ctx.senderId)
      return { watching: on }
    },
  }
}

export const historyDomain = defineDomain({
  name: 'history',
  commands: historyCommands,
  services: ({ history, media }) => ({ history, media }),
  handlers: historyHandlers,
})
