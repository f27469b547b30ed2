// Turns marked tokens into React elements, one memoized component per top-level block, in pages and chapters.
// Invariant: model text only ever becomes text nodes or a URL that safeLinkUrl accepted; raw HTML is shown
// as literal text and images are never loaded (no <img>, no fetch caused by model output).
import { createElement, Fragment, memo, useRef, type ReactNode } from 'react'
import { decodeHTMLStrict } from 'entities/decode'
import type { MarkedToken, Token, Tokens } from 'marked'
import { CodeBlock } from './CodeBlock'
import { safeLinkUrl } from './safeUrl'
import type { MarkdownBlock } from './IncrementalLexer'
import { useFrozenChapter } from './useFrozenChapter'

export interface BlockProps {
  token: Token
  /** See MarkdownBlock.definitions. */
  definitions: string
  /** This is the block being streamed: hide a closing fence that is only partly written. */
  streamingTail: boolean
}

/** One top-level block; re-renders only when its token (i.e. its source) changes. */
export const Block = memo(function Block({ token, definitions, streamingTail }: BlockProps) {
  return renderBlock(token, 0, definitions, streamingTail)
})

export interface BlockPageProps {
  blocks: readonly MarkdownBlock[]
  lastIndex: number
  streaming: boolean
}

/**
 * A page of blocks: a full page of completed blocks keeps its array identity, so React skips it whole, and its
 * wrapper lets the browser skip laying out and painting it while it is off screen (content-visibility), so the
 * chapter being written costs per frame only what is visible (P2).
 */
export const BlockPage = memo(function BlockPage({ blocks, lastIndex, streaming }: BlockPageProps) {
  return (
    <div className="md-page">
      {blocks.map((block) => (
        <Block
          key={block.index}
          token={block.token}
          definitions={block.definitions}
          streamingTail={streaming && block.index === lastIndex}
        />
      ))}
    </div>
  )
})

export interface BlockChapterProps {
  pages: readonly (readonly MarkdownBlock[])[]
  /** Index of this chapter's first page: pages keep their keys whichever chapter holds them. */
  firstPage: number
  /** The last block's index when this chapter holds it, else -1 (so other chapters keep equal props). */
  lastIndex: number
  streaming: boolean
  /** Every block of the chapter is complete: once off screen it is frozen (see useFrozenChapter). */
  done: boolean
}

/**
 * A chapter of pages: a full chapter keeps its array identity, so an update of a long answer compares a few
 * chapters, not every page. Its element is skipped by the browser as a whole while off screen (content-visibility),
 * so the pages of finished chapters cost nothing per frame, and once done and off screen it keeps only its DOM.
 */
export const BlockChapter = memo(function BlockChapter({
  pages,
  firstPage,
  lastIndex,
  streaming,
  done,
}: BlockChapterProps) {
  const ref = useRef<HTMLDivElement>(null)
  const frozen = useFrozenChapter(ref, pages, done)
  if (frozen) return <div ref={ref} className="md-chapter md-chapter-frozen" />
  return (
    <div ref={ref} className="md-chapter">
      {pages.map((blocks, i) => {
        // Only the page holding the last block depends on the streaming state; the others keep equal props.
        const holdsLast = lastIndex >= 0 && i === pages.length - 1
        return (
          <BlockPage
            key={firstPage + i}
            blocks={blocks}
            lastIndex={holdsLast ? lastIndex : -1}
            streaming={holdsLast && streaming}
          />
        )
      })}
    </div>
  )
})

function renderBlocks(tokens: readonly Token[], definitions: string): ReactNode[] {
  return tokens.map((token, i) => renderBlock(token, i, definitions, false))
}

function renderBlock(generic: Token, key: number, definitions: string, streamingTail: boolean): ReactNode {
  const token = generic as MarkedToken
  switch (token.type) {
    case 'space':
    case 'def':
      return null
    case 'paragraph':
      return <p key={key}>{renderInline(token.tokens)}</p>
    case 'heading':
      return createElement(`h${Math.min(Math.max(token.depth, 1), 6)}`, { key }, renderInline(token.tokens))
    case 'code':
      return renderCode(token, key, streamingTail)
    case 'blockquote':
      return <blockquote key={key}>{renderBlocks(token.tokens, definitions)}</blockquote>
    case 'list':
      return renderList(token, key, definitions)
    case 'table':
      return renderTable(token, key, definitions)
    case 'hr':
      return <hr key={key} />
    case 'html':
      // Raw HTML is data here: shown as the characters the model wrote.
      return (
        <p key={key} className="md-raw-html">
          {token.raw.replace(/\n+$/, '')}
        </p>
      )
    case 'text':
      // Block-level text appears in tight list items: inline content without a paragraph.
      return token.tokens ? <Fragment key={key}>{renderInline(token.tokens)}</Fragment> : text(token)
    case 'checkbox':
      return <Checkbox key={key} checked={token.checked} />
    default:
      // A token type this renderer does not know is shown as its source rather than dropped.
      return (
        <p key={key} className="md-raw-html">
          {generic.raw}
        </p>
      )
  }
}

function renderCode(token: Tokens.Code, key: number, streamingTail: boolean): ReactNode {
  if (token.codeBlockStyle === 'indented') {
    return <CodeBlock key={key} code={token.text.replace(/\n+$/, '')} language="" open={false} />
  }
  const fence = /^ {0,3}(`{3,}|~{3,})/.exec(token.raw)?.[1] ?? '```'
  const open = !fenceClosed(token.raw, fence)
  let code = token.text
  if (open && streamingTail && !token.raw.endsWith('\n')) {
    // The last line may be the closing fence arriving a character at a time: keep it off screen so the
    // block does not show a stray "``" for one frame.
    const partial = new RegExp(`(?:^|\\n) {0,3}\\${fence[0]}{1,${fence.length}}$`)
    code = code.replace(partial, '')
  }
  const language =
    decodeHTMLStrict(token.lang ?? '')
      .trim()
      .split(/\s+/)[0] ?? ''
  return <CodeBlock key={key} code={code} language={language} open={open} />
}

function fenceClosed(raw: string, fence: string): boolean {
  const body = raw.replace(/\n+$/, '')
  const lastBreak = body.lastIndexOf('\n')
  if (lastBreak < 0) return false
  const lastLine = body.slice(lastBreak + 1)
  return new RegExp(`^ {0,3}\\${fence[0]}{${fence.length},}[ \\t]*$`).test(lastLine)
}

interface ListItemProps {
  item: Tokens.ListItem
  definitions: string
}

// A long list is one block that is re-lexed while it streams; items whose source did not change skip
// rendering, so the cost of an update is the item being written, not the list.
const ListItem = memo(
  function ListItem({ item, definitions }: ListItemProps) {
    return <li className={item.task ? 'md-task' : undefined}>{renderBlocks(item.tokens, definitions)}</li>
  },
  (a, b) => a.item.raw === b.item.raw && a.item.loose === b.item.loose && a.definitions === b.definitions,
)

function renderList(token: Tokens.List, key: number, definitions: string): ReactNode {
  const items = token.items.map((item, i) => <ListItem key={i} item={item} definitions={definitions} />)
  if (!token.ordered) return <ul key={key}>{items}</ul>
  const start = typeof token.start === 'number' && token.start !== 1 ? token.start : undefined
  return (
    <ol key={key} start={start}>
      {items}
    </ol>
  )
}

const ALIGN_CLASS = { left: 'md-align-left', center: 'md-align-center', right: 'md-align-right' } as const

function alignClass(align: Tokens.TableCell['align']): string | undefined {
  return align ? ALIGN_CLASS[align] : undefined
}

interface TableRowProps {
  cells: Tokens.TableCell[]
  header: boolean
  definitions: string
}

const sameCells = (a: Tokens.TableCell[], b: Tokens.TableCell[]) =>
  a.length === b.length && a.every((cell, i) => cell.text === b[i]!.text && cell.align === b[i]!.align)

/** Rows of a streaming table skip rendering unless their cells changed, like list items. */
const TableRow = memo(
  function TableRow({ cells, header }: TableRowProps) {
    return (
      <tr>
        {cells.map((cell, i) =>
          header ? (
            <th key={i} className={alignClass(cell.align)}>
              {renderInline(cell.tokens)}
            </th>
          ) : (
            <td key={i} className={alignClass(cell.align)}>
              {renderInline(cell.tokens)}
            </td>
          ),
        )}
      </tr>
    )
  },
  (a, b) => a.header === b.header && a.definitions === b.definitions && sameCells(a.cells, b.cells),
)

function renderTable(token: Tokens.Table, key: number, definitions: string): ReactNode {
  return (
    <div key={key} className="md-table-wrap">
      <table>
        <thead>
          <TableRow cells={token.header} header definitions={definitions} />
        </thead>
        {token.rows.length > 0 && (
          <tbody>
            {token.rows.map((row, r) => (
              <TableRow key={r} cells={row} header={false} definitions={definitions} />
            ))}
          </tbody>
        )}
      </table>
    </div>
  )
}

function Checkbox({ checked }: { checked: boolean }) {
  return <input type="checkbox" className="md-checkbox" checked={checked} readOnly disabled />
}

/**
 * Plain text is a text node of its parent, with no element of its own: a long answer is mostly text, and an
 * element per run of it would be styled, laid out and reconciled on every draw for nothing (P9).
 */
function text(token: Tokens.Text | Tokens.Escape): string {
  // marked leaves named character references (`&amp;`) for an HTML consumer; a text node needs them decoded.
  // Escapes and text inside raw HTML are literal already.
  return token.type === 'text' && !token.escaped ? decodeHTMLStrict(token.text) : token.text
}

function renderInline(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((generic, key) => {
    const token = generic as MarkedToken
    switch (token.type) {
      case 'text':
        return token.tokens ? <Fragment key={key}>{renderInline(token.tokens)}</Fragment> : text(token)
      case 'escape':
        return text(token)
      case 'strong':
        return <strong key={key}>{renderInline(token.tokens)}</strong>
      case 'em':
        return <em key={key}>{renderInline(token.tokens)}</em>
      case 'del':
        return <del key={key}>{renderInline(token.tokens)}</del>
      case 'codespan':
        return <code key={key}>{token.text}</code>
      case 'br':
        return <br key={key} />
      case 'link':
        return renderLink(token, key)
      case 'image':
        return renderImage(token, key)
      case 'checkbox':
        return <Checkbox key={key} checked={token.checked} />
      case 'html':
        return <span key={key}>{token.raw}</span>
      default:
        return <span key={key}>{generic.raw}</span>
    }
  })
}

function linkTarget(token: Tokens.Link | Tokens.Image): string | null {
  // Autolinks are literal; destinations of [text](url) may carry character references (`&#106;avascript:`).
  const autolink = token.type === 'link' && token.autolink === true
  return safeLinkUrl(autolink ? token.href : decodeHTMLStrict(token.href))
}

function renderLink(token: Tokens.Link, key: number): ReactNode {
  const href = linkTarget(token)
  const children = token.autolink ? token.text : renderInline(token.tokens)
  if (href === null) {
    return (
      <span key={key} className="md-link-blocked" title="Not a web link: not opened">
        {children}
      </span>
    )
  }
  // The title shows where the link really goes, whatever its text claims.
  return (
    <a key={key} href={href} title={href} rel="noopener noreferrer" referrerPolicy="no-referrer">
      {children}
    </a>
  )
}

function renderImage(token: Tokens.Image, key: number): ReactNode {
  // Never an <img>: loading it would let model output trigger a request. The reader can open it instead.
  const alt = decodeHTMLStrict(token.text)
  const label = `Image: ${alt || 'untitled'}`
  const href = linkTarget(token)
  if (href === null || href.startsWith('mailto:')) {
    return (
      <span key={key} className="md-image md-link-blocked" title="Image not loaded">
        {label}
      </span>
    )
  }
  return (
    <a
      key={key}
      className="md-image"
      href={href}
      title={href}
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
    >
      {label}
    </a>
  )
}
