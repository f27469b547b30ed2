// Splits streamed markdown into top-level blocks and lexes only the open tail on each update.
// Invariant: a block is committed (never lexed again, its token object kept) only once a later block has
// started on a complete line, which closes it in CommonMark; the one exception is a new link reference
// definition, which re-lexes just the earlier blocks that may refer to it. While streaming, an update's cost
// does not grow with the answer's length: the committed prefix is neither held as a string nor re-compared.
import { Lexer, getDefaults } from 'marked'
import type { Links, Token, Tokens } from 'marked'
import type { TextTail } from '../../../../shared/ipc/textTail'

/** Completed blocks are grouped so React can skip a whole page of them with one comparison. */
export const PAGE_SIZE = 32
/**
 * Pages per chapter (256 blocks): off screen a chapter is skipped by the browser, and frozen once finished. Few
 * pages per chapter: the browser watches each page of the chapter being written (content-visibility), on every
 * frame.
 */
export const CHAPTER_SIZE = 8

export interface MarkdownBlock {
  /** Position among the document's top-level blocks: stable from the moment the block appears. */
  readonly index: number
  readonly token: Token
  /**
   * The link definitions the lexer knew when it produced `token`, as one string. The same source lexes to
   * different links once a definition arrives or changes, so parts memoized by their source compare this.
   */
  readonly definitions: string
}

export interface MarkdownSnapshot {
  /** All blocks in order, PAGE_SIZE per page; a full page of completed blocks keeps its identity. */
  readonly pages: readonly (readonly MarkdownBlock[])[]
  /**
   * The same pages, CHAPTER_SIZE per chapter; a chapter of full pages keeps its identity, so a view of a long
   * answer compares one chapter where it would compare CHAPTER_SIZE pages, and an update costs the same at any length.
   */
  readonly chapters: readonly (readonly (readonly MarkdownBlock[])[])[]
  /**
   * How many leading chapters are full of completed blocks: they keep their identity from one update to the next
   * and change only if a late link definition re-lexes one of their blocks, or the text is replaced.
   */
  readonly doneChapters: number
  /** Index of the last block (the one still being written while streaming), or -1 when empty. */
  readonly lastIndex: number
  /** How many blocks are completed and will not be lexed again. */
  readonly committedCount: number
}

/** Cumulative work counters, exposed so tests and benchmarks can check per-update cost. */
export interface LexStats {
  updates: number
  lexedChars: number
  /** Characters of the committed prefix compared to check that an update still extends it. */
  comparedChars: number
  resets: number
}

/** How an update relates to the previous one (see IncrementalLexer.update). */
export interface UpdateOptions {
  /** `text` extends the previous update's whenever it is not shorter than what was committed (a stream). */
  appendOnly?: boolean
  /** The end of `text`, read instead of `text` when it covers the part that is not committed. */
  tail?: TextTail | undefined
}

/**
 * How many characters at the end of the committed prefix an append-only update is checked on. A text that is
 * replaced (a new run, another answer) differs there or is shorter than what was committed.
 */
const EDGE = 256

const EMPTY: MarkdownSnapshot = { pages: [], chapters: [], doneChapters: 0, lastIndex: -1, committedCount: 0 }

function definitionsKey(links: Links): string {
  let key = ''
  for (const tag in links) key += `${tag}\u0000${links[tag]!.href}\u0000${links[tag]!.title ?? ''}\u0001`
  return key
}

function lex(source: string, links: Links): { tokens: Token[]; definitions: string } {
  // A fresh options object per lexer: marked stores its tokenizer on it, and the global defaults may have
  // been changed by other code through marked.use().
  const lexer = new Lexer({ ...getDefaults(), gfm: true, breaks: false, pedantic: false, silent: false })
  Object.assign(lexer.tokens.links, links)
  try {
    const tokens = lexer.lex(source)
    return { tokens, definitions: definitionsKey(lexer.tokens.links) }
  } catch {
    // marked throws on inputs it cannot make progress on; show them as literal text rather than nothing.
    return { tokens: [literalParagraph(source)], definitions: definitionsKey(links) }
  }
}

function literalParagraph(raw: string): Tokens.Paragraph {
  return { type: 'paragraph', raw, text: raw, tokens: [{ type: 'text', raw, text: raw, escaped: true }] }
}

/** Offset in `raw` of the `normalizedOffset`-th character of `raw` with CRLF/CR turned into LF. */
function rawOffset(raw: string, normalizedOffset: number): number {
  let i = 0
  for (let k = 0; k < normalizedOffset; k++) {
    i += raw.charCodeAt(i) === 13 && raw.charCodeAt(i + 1) === 10 ? 2 : 1
  }
  return i
}

/**
 * A copy of `s` that shares no memory with the string it was cut from. A slice of the whole answer keeps the
 * whole answer alive, and so does every token lexed from it: without the copy, each committed block would hold
 * the answer as it was when the block was lexed, and memory would grow with the square of the answer's length.
 */
function detached(s: string): string {
  return (' ' + s).slice(1)
}

function mayReferTo(raw: string, labels: readonly string[]): boolean {
  if (!raw.includes('[')) return false
  const lower = raw.toLowerCase()
  return labels.some((label) => label.split(' ').every((word) => lower.includes(word)))
}

export class IncrementalLexer {
  readonly stats: LexStats = { updates: 0, lexedChars: 0, comparedChars: 0, resets: 0 }
  private text = ''
  /** Length of the committed prefix of `text`; an update that does not start with that prefix starts over. */
  private committedLength = 0
  /** The last EDGE characters of the committed prefix (a copy: it keeps no answer alive). */
  private committedEnd = ''
  private committed: MarkdownBlock[] = []
  private frozenPages: MarkdownBlock[][] = []
  /** Full chapters of frozen pages, CHAPTER_SIZE each. */
  private frozenChapters: MarkdownBlock[][][] = []
  private links: Links = Object.create(null) as Links
  private snapshot: MarkdownSnapshot = EMPTY

  /**
   * The blocks of `text`. With `appendOnly` the caller promises that `text` extends the previous update's
   * whenever it is not shorter than what was committed (a stream's running snapshot): the committed prefix is
   * then checked at its end only, and with a `tail` that covers the rest `text` itself is never read, so the
   * cost of an update does not grow with the answer. Without it the whole prefix is compared, once per update,
   * which is right for texts that are replaced or edited.
   */
  update(text: string, { appendOnly = false, tail: known }: UpdateOptions = {}): MarkdownSnapshot {
    if (text === this.text) return this.snapshot
    this.stats.updates++
    const fits = known !== undefined && known.start + known.text.length === text.length
    /** `text.slice(from)`, from the known tail when it holds that much. */
    const end = (from: number) =>
      fits && from >= known.start ? known.text.slice(from - known.start) : text.slice(from)
    if (!this.extendsCommitted(text, appendOnly, end)) this.reset()
    // The committed prefix is kept as a length, not as a slice: a slice of an earlier (flattened) text would keep
    // a second copy of the answer alive next to the one its owner holds.
    this.text = text

    const tailRaw = detached(end(this.committedLength))
    const hasCr = tailRaw.includes('\r')
    const tail = hasCr ? tailRaw.replace(/\r\n?/g, '\n') : tailRaw
    this.stats.lexedChars += tail.length
    const { tokens, definitions } = lex(tail, this.links)

    const split = this.findSplit(tail, tokens)
    const firstNew = this.committed.length
    const newLabels: string[] = []
    for (const token of tokens.slice(0, split.count)) {
      if (token.type === 'space') continue
      if (token.type === 'def') {
        const def = token as Tokens.Def
        if (!(def.tag in this.links)) {
          this.links[def.tag] = { href: def.href, title: def.title }
          newLabels.push(def.tag)
        }
      }
      this.committed.push({ index: this.committed.length, token, definitions })
    }
    if (split.count > 0) {
      const from = this.committedLength
      this.committedLength += hasCr ? rawOffset(tailRaw, split.offset) : split.offset
      // The new end of the committed prefix: what was just committed, after what was kept of the old one.
      this.committedEnd = detached(
        (this.committedEnd + tailRaw.slice(0, this.committedLength - from)).slice(-EDGE),
      )
    }
    while ((this.frozenPages.length + 1) * PAGE_SIZE <= this.committed.length) {
      const start = this.frozenPages.length * PAGE_SIZE
      this.frozenPages.push(this.committed.slice(start, start + PAGE_SIZE))
    }
    while ((this.frozenChapters.length + 1) * CHAPTER_SIZE <= this.frozenPages.length) {
      const start = this.frozenChapters.length * CHAPTER_SIZE
      this.frozenChapters.push(this.frozenPages.slice(start, start + CHAPTER_SIZE))
    }
    if (newLabels.length > 0) this.relexReferences(firstNew, newLabels)

    const open: MarkdownBlock[] = []
    let index = this.committed.length
    for (const token of tokens.slice(split.count)) {
      if (token.type !== 'space') open.push({ index: index++, token, definitions })
    }

    const pages: (readonly MarkdownBlock[])[] = [...this.frozenPages]
    const rest = [...this.committed.slice(this.frozenPages.length * PAGE_SIZE), ...open]
    for (let i = 0; i < rest.length; i += PAGE_SIZE) pages.push(rest.slice(i, i + PAGE_SIZE))
    const chapters: (readonly (readonly MarkdownBlock[])[])[] = [...this.frozenChapters]
    const looseFrom = this.frozenChapters.length * CHAPTER_SIZE
    if (pages.length > looseFrom) chapters.push(pages.slice(looseFrom))
    this.snapshot = {
      pages,
      chapters,
      doneChapters: this.frozenChapters.length,
      lastIndex: index - 1,
      committedCount: this.committed.length,
    }
    return this.snapshot
  }

  /** `text` still starts with the committed prefix (see update for what appendOnly checks). */
  private extendsCommitted(text: string, appendOnly: boolean, end: (from: number) => string): boolean {
    const length = this.committedLength
    if (length === 0) return true
    if (text.length < length) return false
    if (!appendOnly) {
      this.stats.comparedChars += length
      // Whole strings compared at once, which V8 does as one memory comparison; startsWith walks them.
      return text.slice(0, length) === this.text.slice(0, length)
    }
    const edge = this.committedEnd
    this.stats.comparedChars += edge.length
    return end(length - edge.length).slice(0, edge.length) === edge
  }

  private reset(): void {
    this.stats.resets++
    this.committedLength = 0
    this.committedEnd = ''
    this.committed = []
    this.frozenPages = []
    this.frozenChapters = []
    this.links = Object.create(null) as Links
  }

  /**
   * How many leading tokens are closed, and where the first open one starts. The proof of closure is a
   * later non-blank block that starts before the last line: a block started by a partial line may still
   * turn out to be a lazy continuation (`para\n#` is a heading until it becomes `para\n#tag`).
   */
  private findSplit(tail: string, tokens: readonly Token[]): { count: number; offset: number } {
    const lastLineStart = tail.lastIndexOf('\n') + 1
    // Offsets are summed from the end: marked can add a newline to a paragraph's raw when it folds a
    // following definition into it, which shifts only the blocks before the one that proves closure.
    let start = tail.length
    for (let i = tokens.length - 1; i > 0; i--) {
      const token = tokens[i]!
      start -= token.raw.length
      if (token.type === 'space' || start >= lastLineStart) continue
      if (start < 0 || !tail.startsWith(token.raw, start)) return { count: 0, offset: 0 }
      return { count: i, offset: start }
    }
    return { count: 0, offset: 0 }
  }

  /** Re-lexes earlier completed blocks that may use a definition that only now became known. */
  private relexReferences(before: number, labels: readonly string[]): void {
    for (let position = 0; position < before; position++) {
      const block = this.committed[position]!
      if (!mayReferTo(block.token.raw, labels)) continue
      this.stats.lexedChars += block.token.raw.length
      const { tokens, definitions } = lex(block.token.raw, this.links)
      const relexed = tokens.filter((t) => t.type !== 'space')
      if (relexed.length !== 1) continue
      const replacement = { index: block.index, token: relexed[0]!, definitions }
      this.committed[position] = replacement
      const page = Math.floor(position / PAGE_SIZE)
      const frozen = this.frozenPages[page]
      if (frozen) {
        const copy = frozen.slice()
        copy[position % PAGE_SIZE] = replacement
        this.frozenPages[page] = copy
        const chapter = this.frozenChapters[Math.floor(page / CHAPTER_SIZE)]
        if (chapter) {
          const pages = chapter.slice()
          pages[page % CHAPTER_SIZE] = copy
          this.frozenChapters[Math.floor(page / CHAPTER_SIZE)] = pages
        }
      }
    }
  }
}
