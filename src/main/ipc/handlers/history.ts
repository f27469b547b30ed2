// The history domain: lists, sums, opens, pins, deletes and exports recorded runs, sets how long runs and captures
// are kept, and tells the windows that watch it of each run recorded. Every call is answered by the history's
// worker thread; exports are written there to a file the media store then serves, so a large history never
// crosses IPC (M1) nor sits in memory whole.
import { historyCommands } from '../../../shared/ipc/history'
import { AppError } from '../../../shared/ipc/result'
import type { Events } from '../../../shared/ipc/contract'
import type { HistoryAccess } from '../../services/history/openHistory'
import type { HistoryClient } from '../../services/history/historyClient'
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
  const client = async (): Promise<HistoryClient> => {
    const open = await history.whenOpen()
    if (!open) throw new AppError('HISTORY_UNAVAILABLE', history.problem ?? 'The history is not available.')
    return open
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
    'history.listRuns': async ({ offset, limit, sort, ...filter }) =>
      (await client()).call('list', filter, offset, limit, sort ?? 'newest'),
    'history.sumRuns': async ({ by, tzOffsetMinutes, ...filter }) =>
      (await client()).call('sums', filter, by, tzOffsetMinutes),
    'history.listFacets': async () => (await client()).call('facets'),
    'history.getRun': async ({ id }) => {
      const run = await (await client()).call('get', id)
      if (!run) throw new AppError('HISTORY_RUN_GONE', `id: no run ${id} in the history (it was deleted).`)
      return run
    },
    'history.deleteRuns': async ({ ids }) => ({ deleted: await (await client()).call('delete', ids) }),
    'history.pinRuns': async ({ ids, pinned }) => ({
      changed: await (await client()).call('pin', ids, pinned),
    }),
    'history.exportRuns': async ({ ids, filter }) => {
      const path = media.tempPath()
      const { runs } = await (await client()).call('exportTo', path, ids ?? null, filter ?? {})
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
      const name = `history-${stamp}.json`
      const info = await media.adoptFile(path, 'application/json', name)
      return { url: media.url(info.id), name, bytes: info.size, runs }
    },
    'history.getStorage': async () => (await client()).call('storage'),
    // Asked as the page starts: it waits for the database's scheduled open rather than opening it on the
    // start-up path (the runs a previous process left are found as it opens).
    'history.listInterrupted': async () => ({ runs: (await history.whenOpen())?.interrupted ?? [] }),
    'history.dismissInterrupted': async () => ({
      dismissed: (await history.whenOpen())?.dismissInterrupted() ?? 0,
    }),
    'history.setRetention': async ({ days }) => (await client()).call('setCaptureRetention', days),
    'history.setRunRetention': async (retention) => (await client()).call('setRunRetention', retention),
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
