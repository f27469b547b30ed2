// The app's side of evals: dataset files read into datasets kept here (a few at a time in memory, each bounded by
// the dataset reader, and on disk so they come back after a restart: datasetFiles.ts), their rows paged out clipped; evals run for the window that asked, each cell an ordinary
// recorded text run, reported as it finishes and kept (clipped) so the run can be exported; a stop ends the runs
// in flight and every eval stops when its window goes or the app closes.
import { readFile, stat } from 'node:fs/promises'
import type { Events } from '../../../shared/ipc/contract'
import type { CommandParsed } from '../../../shared/ipc/define'
import type { DatasetInfo, evalsCommands } from '../../../shared/ipc/evals'
import { AppError } from '../../../shared/ipc/result'
import { DATASET_MAX_CHARS, datasetKindOf, type Dataset } from '../../../shared/evals/dataset'
import type { EvalPlan } from '../../../shared/evals/plan'
import type { AssertDefaults } from '../../../shared/evals/promptfooAsserts'
import type { GatewayClient } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { EventSink } from '../ports'
import type { SaveDialog } from '../video/ports'
import type { ProfileService } from '../profiles'
import type { TextService } from '../text/textService'
import { evalCsv, evalJson } from './evalExport'
import { evalHtml } from './evalHtml'
import { EvalRuns } from './evalRuns'
import { datasetInfo, editRows, keptDataset, rowsPage, type KeptDataset, type RowEdit } from './datasetRows'
import { DatasetFiles } from './datasetFiles'
import { exportDataset, type DatasetExportFormat } from './datasetExport'
import { readDatasetFile } from './datasetReader'
import { editColumns, type ColumnEdit } from './datasetColumns'
import { readSuite, type SuiteFile, type SuiteProblem } from './suiteImport'

/** Datasets kept in memory at once (the least recently used goes first; it stays on disk). */
const DATASETS_KEPT = 4
const PROBLEMS_SHOWN = 200

export interface EvalServiceDeps {
  text: TextService
  gateway: GatewayClient
  profiles: ProfileService
  media: MediaStore
  /** The data folder: runs are kept between sessions under `evals/`, datasets under `eval-datasets/`. */
  dataDir: string
  log?: (message: string) => void
  /** The desktop's "Save as…" (a dataset's export); browser mode offers a download instead. */
  saveDialog?: SaveDialog | undefined
}

export class EvalService {
  private readonly datasets = new Map<string, KeptDataset>()
  private readonly reading = new Map<string, Promise<KeptDataset | null>>()
  private nextDataset = 0
  readonly runs: EvalRuns
  private readonly datasetFiles: DatasetFiles

  constructor(private readonly deps: EvalServiceDeps) {
    this.runs = new EvalRuns(deps, deps.dataDir)
    this.datasetFiles = new DatasetFiles(deps.dataDir, deps.log)
  }

  async openDataset({ mediaId, fileName }: { mediaId: string; fileName: string }): Promise<DatasetInfo> {
    const kind = datasetKindOf(fileName)
    if (!kind) throw new AppError('EVALS_BAD_FILE', `${fileName}: a dataset is a .csv, .jsonl or .json file`)
    const path = await this.importedPath(mediaId, fileName)
    const read = await readDatasetFile(
      { path, kind, defaults: this.graderDefaults() },
      { fileName, log: this.deps.log },
    )
    void this.deps.media.delete(mediaId).catch(() => undefined)
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
    const read = readSuite(input.kind, files, this.graderDefaults())
    if (!read.ok) throw new AppError('EVALS_BAD_FILE', read.message)
    const { name, dataset, problems, unmapped, system, user, variants, suiteGraders } = read.suite
    return { dataset: this.keep(name, dataset, problems, unmapped), system, user, variants, suiteGraders }
  }

  /**
   * The judge and embedding model an imported `llm-rubric` / `similar` (a promptfoo assert, a dataset's
   * `__expected`, an OpenAI grader) gets when it names none: the defaults set in Settings. A default profile
   * deleted since is left out, so the grader asks the eval's own profile.
   */
  private graderDefaults(): AssertDefaults {
    const { judge, embedding } = this.deps.profiles.appSettings().evals
    const known = (id: string) => (id && this.deps.profiles.exists(id) ? { profileId: id } : {})
    const embeddingProfile = known(embedding.profileId).profileId
    return {
      judge: { format: judge.format, model: judge.model, ...known(judge.profileId) },
      embeddingModel: embedding.model,
      ...(embeddingProfile ? { embeddingProfileId: embeddingProfile } : {}),
    }
  }

  /** Where an imported file is, once it is known to be within the bound. */
  private async importedPath(mediaId: string, fileName: string): Promise<string> {
    const path = await this.deps.media.path(mediaId)
    if (!path) throw new AppError('EVALS_BAD_FILE', `${fileName}: the imported file is gone; import it again`)
    const size = (await stat(path)).size
    if (size > DATASET_MAX_CHARS)
      throw new AppError('EVALS_BAD_FILE', `${fileName}: at most ${DATASET_MAX_CHARS / 1024 / 1024} MB`)
    return path
  }

  /** An imported file's text (bounded), the media copy let go once read. */
  private async imported(mediaId: string, fileName: string): Promise<string> {
    const text = await readFile(await this.importedPath(mediaId, fileName), 'utf8')
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
    const datasetId = `ds-${(this.nextDataset += 1)}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    const kept = keptDataset(name, dataset, {
      problems: problems.slice(0, PROBLEMS_SHOWN),
      problemCount: problems.length,
      unmapped: unmapped.slice(0, PROBLEMS_SHOWN),
    })
    this.hold(datasetId, kept)
    this.datasetFiles.save(datasetId, kept)
    return datasetInfo(datasetId, kept)
  }

  /** Holds a dataset in memory (the least recently used past the count goes; its file stays). */
  private hold(datasetId: string, kept: KeptDataset): void {
    this.datasets.delete(datasetId)
    this.datasets.set(datasetId, kept)
    while (this.datasets.size > DATASETS_KEPT) this.datasets.delete(this.datasets.keys().next().value!)
  }

  /** A dataset kept earlier (in this session or, from its file, an earlier one), as the panel shows it. */
  async reopenDataset(datasetId: string): Promise<DatasetInfo> {
    return datasetInfo(datasetId, await this.dataset(datasetId))
  }

  async rows(datasetId: string, offset: number, limit: number, query?: string) {
    return rowsPage(await this.dataset(datasetId), offset, limit, query)
  }

  async editRows(datasetId: string, edit: RowEdit) {
    const kept = await this.dataset(datasetId)
    const answer = editRows(kept, edit)
    this.datasetFiles.save(datasetId, kept, true)
    return answer
  }

  /** A column added, renamed or deleted (or the delete undone); written to disk a moment later, as row edits are. */
  async editColumns(datasetId: string, edit: ColumnEdit) {
    const kept = await this.dataset(datasetId)
    const answer = editColumns(kept, edit)
    this.datasetFiles.save(datasetId, kept, true)
    return answer
  }

  /** The dataset as the table shows it (edits included) as a CSV or JSONL file the import reads back the same. */
  async exportDataset(datasetId: string, format: DatasetExportFormat) {
    return exportDataset(this.deps.media, this.deps.saveDialog, await this.dataset(datasetId), format)
  }

  async start(input: CommandParsed<(typeof evalsCommands)['evals.start']>, sink: EventSink<Events>) {
    const { name, dataset } = await this.dataset(input.datasetId)
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
      // The run's own list of rows: an edit of the table from now on does not reach it.
      dataset: { columns: dataset.columns, rows: dataset.rows.slice() },
      graders: input.graders,
      unmapped: [],
      problems: [],
    }
    return this.runs.start(
      input.evalId,
      plan,
      { concurrency: input.concurrency, profileId: input.variants[0]!.profileId },
      sink,
    )
  }

  /** A kept run and the dataset it ran over, kept again so its rows page as an import's do. */
  async openRun(evalId: string) {
    const { info, plan, concurrency } = await this.runs.open(evalId)
    const prompt = plan.prompts[0]
    const text = (prompt?.messages[0]?.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('')
    return {
      run: info,
      dataset: this.keep(plan.name, plan.dataset, [], []),
      setup: {
        system: prompt?.system ?? '',
        user: text,
        variants: plan.variants.map((v) => ({
          label: v.label,
          format: v.format,
          model: v.model,
          profileId: v.profileId ?? '',
          ...(v.params.temperature === undefined ? {} : { temperature: v.params.temperature }),
          ...(v.params.maxTokens === undefined ? {} : { maxTokens: v.params.maxTokens }),
        })),
        graders: plan.graders,
        concurrency,
      },
    }
  }

  async export(evalId: string, format: 'csv' | 'json' | 'html') {
    const kept = await this.runs.kept(evalId)
    const text =
      format === 'csv' ? evalCsv(kept) : format === 'json' ? evalJson(kept) : evalHtml(kept, kept.createdAt)
    const name = `${kept.plan.name.replace(/\.[a-z]+$/i, '').replace(/[^\w.-]+/g, '-')}-eval.${format}`
    const info = await this.deps.media.putBytes(
      Buffer.from(text, 'utf8'),
      // The report is downloaded, never shown inside the app: it goes out as bytes, not as a page.
      format === 'csv' ? 'text/csv' : format === 'json' ? 'application/json' : 'application/octet-stream',
      name,
    )
    return { url: this.deps.media.url(info.id), name, bytes: info.size }
  }

  /** The app closing: every run stops and is kept as incomplete, to be resumed on a later start. */
  async close(): Promise<void> {
    await this.runs.close()
    this.deps.text.stopAll()
    await this.datasetFiles.flush()
  }

  /** A dataset in memory, or read back from its file (once, however many ask at the same time). */
  private async dataset(datasetId: string): Promise<KeptDataset> {
    const inMemory = this.datasets.get(datasetId)
    if (inMemory) {
      this.hold(datasetId, inMemory)
      return inMemory
    }
    let reading = this.reading.get(datasetId)
    if (!reading) {
      reading = this.datasetFiles.read(datasetId).then((file) => {
        this.reading.delete(datasetId)
        if (!file) return null
        const { name, columns, problems, problemCount, unmapped } = file.head
        const kept = keptDataset(name, { columns, rows: file.rows }, { problems, problemCount, unmapped })
        this.hold(datasetId, kept)
        return kept
      })
      this.reading.set(datasetId, reading)
    }
    const kept = this.datasets.get(datasetId) ?? (await reading)
    if (!kept) throw new AppError('EVALS_UNKNOWN', 'dataset: no longer kept; import the file again.')
    return kept
  }
}
