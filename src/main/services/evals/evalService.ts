// The app's side of evals: dataset files read into datasets kept here (a few at a time, each bounded by the
// dataset reader), their rows paged out clipped; evals run for the window that asked, each cell an ordinary
// recorded text run, reported as it finishes and kept (clipped) so the run can be exported; a stop ends the runs
// in flight and every eval stops when its window goes or the app closes.
import { readFile, stat } from 'node:fs/promises'
import type { Events } from '../../../shared/ipc/contract'
import type { CommandParsed } from '../../../shared/ipc/define'
import {
  EVAL_TEXT_CHARS,
  type DatasetInfo,
  type DatasetRowView,
  type EvalCellView,
  type evalsCommands,
} from '../../../shared/ipc/evals'
import { AppError } from '../../../shared/ipc/result'
import { DATASET_MAX_CHARS, datasetKindOf, readDataset, type Dataset } from '../../../shared/evals/dataset'
import { matrixColumns, type EvalPlan } from '../../../shared/evals/plan'
import type { GatewayClient } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { EventSink } from '../ports'
import type { ProfileService } from '../profiles'
import type { TextService } from '../text/textService'
import { EvalRun, type EvalCell } from './evalRunner'
import { evalCsv, evalJson, type KeptEval } from './evalExport'
import { readSuite, type SuiteFile, type SuiteProblem } from './suiteImport'

/** Datasets kept at once (the oldest goes first). */
const DATASETS_KEPT = 4
/** Evals whose cells are kept for export (the oldest finished goes first). */
const EVALS_KEPT = 8
const PROBLEMS_SHOWN = 200
/** A row-level `__expected` llm-rubric or similar grader needs a model; these are the defaults the rows get. */
const ROW_DEFAULTS = {
  judge: { format: 'chat' as const, model: 'gpt-4o-mini' },
  embeddingModel: 'text-embedding-3-small',
}

export interface EvalServiceDeps {
  text: TextService
  gateway: GatewayClient
  profiles: ProfileService
  media: MediaStore
}

interface KeptDataset {
  name: string
  dataset: Dataset
}

const clip = (text: string) =>
  text.length > EVAL_TEXT_CHARS ? `${text.slice(0, EVAL_TEXT_CHARS - 1)}…` : text

export function cellView(cell: EvalCell): EvalCellView {
  return {
    ...cell,
    answer: clip(cell.answer),
    error: cell.error === null ? null : clip(cell.error),
    grades: cell.grades.map((g) => ({
      kind: g.kind,
      pass: g.pass,
      score: g.score,
      message: clip(g.message),
      ...(g.runId ? { runId: g.runId } : {}),
    })),
  }
}

export class EvalService {
  private readonly datasets = new Map<string, KeptDataset>()
  private readonly evals = new Map<string, KeptEval>()
  private nextDataset = 0

  constructor(private readonly deps: EvalServiceDeps) {}

  async openDataset({ mediaId, fileName }: { mediaId: string; fileName: string }): Promise<DatasetInfo> {
    const kind = datasetKindOf(fileName)
    if (!kind) throw new AppError('EVALS_BAD_FILE', `${fileName}: a dataset is a .csv, .jsonl or .json file`)
    const read = readDataset(kind, await this.imported(mediaId, fileName), ROW_DEFAULTS)
    return this.keep(fileName, read.dataset, read.problems, read.unmapped)
  }

  /** A promptfoo config with its files, or an OpenAI Evals dataset with its eval, read into a dataset kept here. */
  async importSuite(input: CommandParsed<(typeof evalsCommands)['evals.importSuite']>) {
    const files: SuiteFile[] = []
    let total = 0
    for (const f of input.files) {
      const text = await this.imported(f.mediaId, f.fileName)
      total += text.length
      if (total > DATASET_MAX_CHARS)
        throw new AppError('EVALS_BAD_FILE', `files: at most ${DATASET_MAX_CHARS / 1024 / 1024} MB in all`)
      files.push({ name: f.fileName, text })
    }
    const read = readSuite(input.kind, files, ROW_DEFAULTS)
    if (!read.ok) throw new AppError('EVALS_BAD_FILE', read.message)
    const { name, dataset, problems, unmapped, system, user, variants, suiteGraders } = read.suite
    return { dataset: this.keep(name, dataset, problems, unmapped), system, user, variants, suiteGraders }
  }

  /** An imported file's text (bounded), the media copy let go once read. */
  private async imported(mediaId: string, fileName: string): Promise<string> {
    const path = await this.deps.media.path(mediaId)
    if (!path) throw new AppError('EVALS_BAD_FILE', `${fileName}: the imported file is gone; import it again`)
    const size = (await stat(path)).size
    if (size > DATASET_MAX_CHARS)
      throw new AppError('EVALS_BAD_FILE', `${fileName}: at most ${DATASET_MAX_CHARS / 1024 / 1024} MB`)
    const text = await readFile(path, 'utf8')
    void this.deps.media.delete(mediaId).catch(() => undefined)
    return text
  }

  /** Keeps a dataset read (the oldest kept goes first) and answers what the panel shows of it. */
  private keep(name: string, dataset: Dataset, problems: SuiteProblem[], unmapped: string[]): DatasetInfo {
    if (dataset.rows.length === 0) {
      const first = problems[0]
      const at = first ? (first.where ?? `line ${first.line}`) : ''
      throw new AppError(
        'EVALS_BAD_FILE',
        `${name}: no rows could be read${first ? ` (${at}: ${first.message})` : ''}`,
      )
    }
    const datasetId = `ds-${(this.nextDataset += 1)}-${Date.now().toString(36)}`
    this.datasets.set(datasetId, { name, dataset })
    while (this.datasets.size > DATASETS_KEPT) this.datasets.delete(this.datasets.keys().next().value!)
    return {
      datasetId,
      name,
      columns: dataset.columns,
      rowCount: dataset.rows.length,
      problems: problems.slice(0, PROBLEMS_SHOWN),
      problemCount: problems.length,
      unmapped: unmapped.slice(0, PROBLEMS_SHOWN),
    }
  }

  rows(datasetId: string, offset: number, limit: number): { rows: DatasetRowView[]; total: number } {
    const { dataset } = this.dataset(datasetId)
    return {
      total: dataset.rows.length,
      rows: dataset.rows.slice(offset, offset + limit).map((r) => ({
        cells: dataset.columns.map((_, i) => clip(r.cells[i] ?? '')),
        description: r.description ?? null,
        graders: r.graders?.length ?? 0,
      })),
    }
  }

  start(input: CommandParsed<(typeof evalsCommands)['evals.start']>, sink: EventSink<Events>) {
    const { evalId } = input
    if (this.evals.get(evalId)?.ended === false)
      throw new AppError('EVALS_EXISTS', `evalId: an eval ${evalId} is already going.`)
    const { name, dataset } = this.dataset(input.datasetId)
    const plan: EvalPlan = {
      name,
      prompts: [
        {
          label: 'prompt',
          ...(input.system.trim() ? { system: input.system } : {}),
          messages: [{ role: 'user', parts: [{ type: 'text', text: input.user }] }],
        },
      ],
      variants: input.variants.map((v, i) => ({
        label: v.label.trim() || `${v.format}:${v.model}${input.variants.length > 1 ? ` #${i + 1}` : ''}`,
        format: v.format,
        model: v.model,
        profileId: v.profileId,
        params: {
          ...(v.temperature === undefined ? {} : { temperature: v.temperature }),
          ...(v.maxTokens === undefined ? {} : { maxTokens: v.maxTokens }),
        },
      })),
      dataset,
      graders: input.graders,
      unmapped: [],
      problems: [],
    }
    const kept: KeptEval = {
      plan,
      columns: matrixColumns(plan).map((c) => c.label),
      cells: [],
      run: null!,
      ended: false,
    }
    kept.run = new EvalRun(this.deps, plan, {
      concurrency: input.concurrency,
      profileId: input.variants[0]!.profileId,
      onCell: (cell) => {
        kept.cells.push({ ...cell, answer: clip(cell.answer) })
        if (!sink.alive) return kept.run.stop()
        sink.emit('evals.cell', { evalId, cell: cellView(cell) })
      },
    })
    this.evals.set(evalId, kept)
    this.forgetOld()
    void kept.run
      .run()
      .then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
      .then((error) => {
        kept.ended = true
        const count = (s: EvalCell['status']) => kept.cells.filter((c) => c.status === s).length
        if (sink.alive)
          sink.emit('evals.ended', {
            evalId,
            stopped: kept.run.isStopped,
            passed: count('pass'),
            failed: count('fail'),
            errored: count('error'),
            notRun: kept.run.size - kept.cells.length + count('stopped'),
            error,
          })
      })
    return { cells: kept.run.size, columns: kept.columns }
  }

  stop(evalId: string): { stopped: boolean } {
    const kept = this.evals.get(evalId)
    if (!kept || kept.ended) return { stopped: false }
    kept.run.stop()
    return { stopped: true }
  }

  async export(evalId: string, format: 'csv' | 'json') {
    const kept = this.evals.get(evalId)
    if (!kept) throw new AppError('EVALS_UNKNOWN', 'This eval is no longer kept; run it again to export it.')
    const text = format === 'csv' ? evalCsv(kept) : evalJson(kept)
    const name = `${kept.plan.name.replace(/\.[a-z]+$/i, '').replace(/[^\w.-]+/g, '-')}-eval.${format}`
    const info = await this.deps.media.putBytes(
      Buffer.from(text, 'utf8'),
      format === 'csv' ? 'text/csv' : 'application/json',
      name,
    )
    return { url: this.deps.media.url(info.id), name, bytes: info.size }
  }

  stopAll(): void {
    for (const kept of this.evals.values()) if (!kept.ended) kept.run.stop()
    this.deps.text.stopAll()
  }

  private dataset(datasetId: string): KeptDataset {
    const kept = this.datasets.get(datasetId)
    if (!kept) throw new AppError('EVALS_UNKNOWN', 'dataset: no longer open; import the file again.')
    return kept
  }

  private forgetOld(): void {
    for (const [id, kept] of this.evals) {
      if (this.evals.size <= EVALS_KEPT) return
      if (kept.ended) this.evals.delete(id)
    }
  }
}
