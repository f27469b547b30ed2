// The cases domain: suites kept in the history database, saved from runs, imported and exported as files (through
// the media store, so a large suite never crosses IPC), and run as matrices whose cells are ordinary text runs
// recorded in the history. Each matrix reports to the window that started it and stops when that window goes.
import { casesCommands } from '../../../shared/ipc/cases'
import { AppError } from '../../../shared/ipc/result'
import type { Events } from '../../../shared/ipc/contract'
import type { HistoryAccess } from '../../services/history/openHistory'
import type { MediaStore } from '../../services/mediaStore'
import { TextService } from '../../services/text/textService'
import { CaseLibrary } from '../../services/cases/caseLibrary'
import { MatrixRun, type MatrixCell } from '../../services/cases/matrixRunner'
import { serverCaseTools } from '../../services/cases/serverCaseTools'
import { matrixWork } from '../../services/cases/matrixWork'
import { loadTokenizer } from '../../services/cost/tokenizer'
import type { CaseTools } from '../../services/cases/toolLoop'
import type { CostService } from '../../services/cost/costService'
import type { Handlers } from '../router'
import { defineDomain } from '../domain'

interface CasesServices {
  history: HistoryAccess
  media: MediaStore
  text: TextService
  costs: CostService
  matrices: Map<string, MatrixRun>
  /** The tool servers of Settings, answering the calls of cases that need a tool round (never connected here). */
  caseTools: CaseTools
}

export function casesHandlers({
  history,
  media,
  text,
  matrices,
  caseTools,
}: CasesServices): Handlers<typeof casesCommands, Events> {
  // Suites are kept in the history's database, through its worker.
  const keeper = async () => {
    const client = await history.whenOpen()
    if (!client) throw new AppError('HISTORY_UNAVAILABLE', history.problem ?? 'The history is not available.')
    return client
  }
  const library = new CaseLibrary({
    list: async () => (await keeper()).call('suites'),
    save: async (suite) => (await keeper()).call('saveSuite', suite),
    delete: async (id) => (await keeper()).call('deleteSuite', id),
  })
  const cases = () => library
  return {
    'cases.listSuites': async () => ({ suites: await cases().list() }),
    'cases.createSuite': ({ name }) => cases().create(name),
    'cases.renameSuite': ({ id, name }) => cases().rename(id, name),
    'cases.deleteSuite': async ({ id }) => ({ deleted: await cases().delete(id) }),
    'cases.addCase': ({ suiteId, newSuiteName, case: saved }) =>
      cases().addCase({ suiteId, newSuiteName }, saved),
    'cases.removeCase': ({ suiteId, caseId }) => cases().removeCase(suiteId, caseId),
    'cases.importSuite': ({ text: fileText }) => cases().import(fileText),
    'cases.exportSuite': async ({ id }) => {
      const { name, text: fileText } = await cases().exportText(id)
      const info = await media.putBytes(Buffer.from(fileText, 'utf8'), 'application/json', name)
      return { url: media.url(info.id), name, bytes: info.size }
    },
    'cases.startMatrix': async ({ matrixId, suiteId, targets, concurrency }, ctx) => {
      if (matrices.has(matrixId))
        throw new AppError('CASES_MATRIX_EXISTS', `matrixId: a matrix ${matrixId} is already going.`)
      const suite = await cases().get(suiteId)
      if (matrices.has(matrixId))
        throw new AppError('CASES_MATRIX_EXISTS', `matrixId: a matrix ${matrixId} is already going.`)
      if (suite.cases.length === 0)
        throw new AppError(
          'CASES_SUITE_EMPTY',
          'suite: this suite has no cases yet; save a run as a case first.',
        )
      const sink = ctx.events
      const matrix = new MatrixRun(text, suite, targets, {
        concurrency,
        tools: caseTools,
        onCell: (cell: MatrixCell) => {
          if (!sink.alive) return matrix.stop()
          sink.emit('cases.matrixCell', { matrixId, cell })
        },
      })
      matrices.set(matrixId, matrix)
      void matrix
        .run()
        .then(
          (cells) => ({
            passed: cells.filter((c) => c.status === 'pass').length,
            failed: cells.filter((c) => c.status === 'fail' || c.status === 'error').length,
            notRun: cells.filter((c) => c.status === 'stopped').length,
            error: null,
          }),
          (error: unknown) => ({
            passed: 0,
            failed: 0,
            notRun: 0,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .then((counts) => {
          matrices.delete(matrixId)
          if (sink.alive) sink.emit('cases.matrixEnded', { matrixId, stopped: matrix.isStopped, ...counts })
        })
      return { cells: matrix.size }
    },
    'cases.plannedWork': async ({ suiteId, targets }) =>
      matrixWork(await cases().get(suiteId), targets, await loadTokenizer()),
    'cases.stopMatrix': ({ matrixId }) => {
      const matrix = matrices.get(matrixId)
      if (!matrix) return { stopped: false }
      matrix.stop()
      return { stopped: true }
    },
  }
}

export const casesDomain = defineDomain({
  name: 'cases',
  commands: casesCommands,
  services: ({ profiles, gateway, media, history, costs, log, tools }): CasesServices => ({
    history,
    media,
    costs,
    // The same text service code as the Text panel: every cell is an ordinary, recorded, priced text run.
    text: new TextService({ profiles, gateway, media, costs, recorder: history.recorder, log }),
    matrices: new Map(),
    caseTools: serverCaseTools(tools),
  }),
  handlers: casesHandlers,
  close: ({ text, matrices }) => {
    for (const matrix of matrices.values()) matrix.stop()
    text.stopAll()
  },
})
