// What the prices domain does beyond the store: a price file imported into the media store is read (bounded,
// hostile until checked) and merged into a profile's table; a table is written as a file and handed back as a
// media link; this month's spend is reported per profile; batch work described by its runs is estimated.
import { readFile } from 'node:fs/promises'
import { AppError } from '../../../shared/ipc/result'
import type { PriceFileKind, PriceProblem } from '../../../shared/ipc/prices'
import type { WorkEstimate, WorkItem } from '../../../shared/cost/estimate'
import type { MediaStore } from '../mediaStore'
import type { ProfileService } from '../profiles'
import type { CostService } from './costService'
import { PRICE_FILE_MAX_BYTES, readPriceFile } from './priceImport'
import { writePriceFile } from './priceExport'

export class PricesService {
  constructor(
    readonly costs: CostService,
    private readonly media: MediaStore,
    private readonly profiles: ProfileService,
  ) {}

  private assertProfile(profileId: string): void {
    if (!this.profiles.exists(profileId))
      throw new AppError('PRICES_NO_PROFILE', `profileId: there is no profile ${profileId}.`)
  }

  list(profileId: string, query: string | undefined, offset: number, limit: number) {
    this.assertProfile(profileId)
    return this.costs.prices.list(profileId, query, offset, limit)
  }

  async importFile(input: {
    profileId: string
    mediaId: string
    kind?: PriceFileKind | undefined
    mode: 'merge' | 'replace'
  }): Promise<{
    kind: PriceFileKind
    imported: number
    withoutPrice: number
    problems: PriceProblem[]
    problemCount: number
    size: number
  }> {
    this.assertProfile(input.profileId)
    const info = await this.media.info(input.mediaId)
    const path = await this.media.path(input.mediaId)
    if (!info || !path)
      throw new AppError('PRICES_NO_FILE', 'file: the imported file is gone; pick it again.')
    if (info.size > PRICE_FILE_MAX_BYTES)
      throw new AppError('PRICES_FILE_TOO_LARGE', `file: at most ${PRICE_FILE_MAX_BYTES / 1024 / 1024} MB.`)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(path)).replace(/^\uFEFF/, '')
    } catch {
      throw new AppError(
        'PRICES_FILE_NOT_TEXT',
        `file: "${info.name}" is not UTF-8 text; import JSON or CSV.`,
      )
    } finally {
      // The imported copy was only the way in: the table holds what was read.
      void this.media.delete(input.mediaId).catch(() => undefined)
    }
    const read = readPriceFile(info.name, text, input.kind)
    // A file none of whose rows could be read replaces nothing, whatever the mode: the table stays as it was.
    const size =
      read.rows.length > 0
        ? this.costs.prices.putMany(input.profileId, read.rows, input.mode)
        : this.costs.prices.table(input.profileId).rows.length
    return {
      kind: read.kind,
      imported: read.rows.length,
      withoutPrice: read.withoutPrice,
      problems: read.problems,
      problemCount: read.problemCount,
      size,
    }
  }

  async exportFile(profileId: string, kind: PriceFileKind) {
    this.assertProfile(profileId)
    const rows = [...this.costs.prices.table(profileId).rows].sort((a, b) => a.model.localeCompare(b.model))
    const stem =
      (this.profiles.nameOf(profileId) ?? 'profile').replace(/[^\w.-]+/g, '-').slice(0, 60) || 'profile'
    const file = writePriceFile(kind, rows, stem)
    const info = await this.media.putBytes(new TextEncoder().encode(file.text), file.mimeType, file.name)
    return {
      url: this.media.url(info.id),
      name: file.name,
      bytes: info.size,
      rows: file.rows,
      skipped: file.skipped,
    }
  }

  async spend() {
    const { profiles } = await this.profiles.list()
    return this.costs.spendOf(profiles.map((p) => ({ id: p.id, name: p.name })))
  }

  estimateWork(profileId: string, items: readonly WorkItem[]): WorkEstimate {
    this.assertProfile(profileId)
    const name = this.profiles.nameOf(profileId) ?? profileId
    return this.costs.estimate(
      profileId,
      name,
      items.map((item) => this.costs.workItem(profileId, item)),
    )
  }
}
