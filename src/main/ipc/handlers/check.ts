// The Gateway check domain: a battery against one profile whose cells stream to the window that started it,
// each cell's exchanges for the Inspector, reports exported as files (through the media store, so a large
// report never crosses IPC) and compared cell by cell. Checks stop when their window goes or the app closes.
import { checkCommands } from '../../../shared/ipc/check'
import { AppError } from '../../../shared/ipc/result'
import type { Events } from '../../../shared/ipc/contract'
import { countCells, type CheckReport } from '../../../shared/check/model'
import {
  diffReports,
  diffToMarkdown,
  readReport,
  reportToJson,
  reportToMarkdown,
} from '../../../shared/check/report'
import type { MediaStore } from '../../services/mediaStore'
import { CheckService } from '../../services/check/checkService'
import { checkWork } from '../../services/check/checkWork'
import { loadTokenizer } from '../../services/cost/tokenizer'
import type { Handlers } from '../router'
import { defineDomain } from '../domain'

interface CheckServices {
  check: CheckService
  media: MediaStore
}

const stamp = (t: number) => new Date(t).toISOString().slice(0, 19).replace(/[:T]/g, '-')

export function checkHandlers({ check, media }: CheckServices): Handlers<typeof checkCommands, Events> {
  const write = async (text: string, type: string, name: string) => {
    const info = await media.putBytes(Buffer.from(text, 'utf8'), type, name)
    return { url: media.url(info.id), name, bytes: info.size }
  }
  return {
    'check.start': (input, ctx) => check.start(input, ctx.events),
    'check.plannedWork': async ({ profileId, models, include }) =>
      checkWork(profileId, { models, include }, await loadTokenizer()),
    'check.stop': ({ checkId }) => check.stop(checkId),
    'check.exchange': ({ exchangeId }) => check.exchange(exchangeId),
    'check.cellDraft': ({ checkId, key }) => check.cellDraft(checkId, key),
    'check.rerunCell': (input, ctx) => check.rerunCell(input, ctx.events),
    'check.listReports': () => ({ reports: check.summaries() }),
    'check.exportReport': ({ checkId, format }) => {
      const report = check.report(checkId)
      const base = `gateway-check-${stamp(report.startedAt)}`
      return format === 'json'
        ? write(reportToJson(report), 'application/json', `${base}.json`)
        : write(reportToMarkdown(report), 'text/markdown', `${base}.md`)
    },
    'check.diff': async ({ beforeId, beforeText, afterId }) => {
      const after = check.report(afterId)
      let before: CheckReport
      if (beforeText !== undefined) {
        const read = readReport(beforeText)
        if (!read.ok) throw new AppError('CHECK_BAD_REPORT', `report file: ${read.problem}`)
        before = read.report
      } else before = check.report(beforeId!)
      const markdown = await write(
        diffToMarkdown(before, after),
        'text/markdown',
        `gateway-check-diff-${stamp(after.startedAt)}.md`,
      )
      return {
        changes: diffReports(before, after).slice(0, 2000),
        markdown,
        before: {
          checkId: before.checkId,
          profile: before.profile,
          baseUrl: before.baseUrl,
          startedAt: before.startedAt,
          cells: before.cells.length,
          deviating: countCells(before.cells).deviating,
        },
      }
    },
  }
}

export const checkDomain = defineDomain({
  name: 'check',
  commands: checkCommands,
  services: ({ profiles, media, history, userAgent, gateway, models, costs }): CheckServices => ({
    check: new CheckService({
      profiles,
      costs,
      onReport: (profileId, report) =>
        models.recordCheck(profileId, report.endedAt ?? report.startedAt, report.cells),
      network: gateway.network,
      recorder: history.recorder,
      userAgent,
      secrets: () => profiles.knownSecrets(),
    }),
    media,
  }),
  handlers: checkHandlers,
  close: ({ check }) => check.stopAll(),
})
