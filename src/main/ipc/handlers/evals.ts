// The evals domain: dataset files read into datasets main keeps and paged out, evals run for the window that
// asked (each cell an ordinary recorded text run, reported as it finishes, one end), kept on disk, listed,
// reopened, resumed, stopped, exported; every eval stops when its window goes, and is kept as incomplete when the
// app closes.
import { evalsCommands } from '../../../shared/ipc/evals'
import type { Events } from '../../../shared/ipc/contract'
import { EvalService } from '../../services/evals/evalService'
import { TextService } from '../../services/text/textService'
import type { Handlers } from '../router'
import { defineDomain } from '../domain'

export function evalsHandlers(evals: EvalService): Handlers<typeof evalsCommands, Events> {
  return {
    'evals.openDataset': (input) => evals.openDataset(input),
    'evals.importSuite': (input) => evals.importSuite(input),
    'evals.reopenDataset': ({ datasetId }) => evals.reopenDataset(datasetId),
    'evals.rows': ({ datasetId, offset, limit, query }) => evals.rows(datasetId, offset, limit, query),
    'evals.editRows': ({ datasetId, edit }) => evals.editRows(datasetId, edit),
    'evals.editColumns': ({ datasetId, edit }) => evals.editColumns(datasetId, edit),
    'evals.exportDataset': ({ datasetId, format }) => evals.exportDataset(datasetId, format),
    'evals.start': (input, ctx) => evals.start(input, ctx.events),
    'evals.runs': async () => ({ runs: await evals.runs.list() }),
    'evals.openRun': ({ evalId }) => evals.openRun(evalId),
    'evals.cells': ({ evalId, rowOffset, rowLimit }) => evals.runs.cells(evalId, rowOffset, rowLimit),
    'evals.resume': ({ evalId }, ctx) => evals.runs.resume(evalId, ctx.events),
    'evals.diff': ({ before, after }) => evals.runs.diff(before, after),
    'evals.stop': ({ evalId }) => evals.runs.stop(evalId),
    'evals.export': ({ evalId, format }) => evals.export(evalId, format),
  }
}

export const evalsDomain = defineDomain({
  name: 'evals',
  commands: evalsCommands,
  services: ({ profiles, gateway, media, history, costs, log, dataDir, saveDialog }) =>
    new EvalService({
      profiles,
      gateway,
      media,
      dataDir,
      log,
      saveDialog,
      // The same text service code as the Text panel: every cell is an ordinary, recorded text run, priced and
      // charged to its profile's month like one.
      text: new TextService({ profiles, gateway, media, costs, recorder: history.recorder, log }),
    }),
  handlers: evalsHandlers,
  close: (evals) => evals.close(),
})
