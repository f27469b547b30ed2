// Renders untrusted, possibly still-streaming model output as markdown (QUALITY S3, P2).
// Invariant: no HTML string is ever handed to the DOM, and a link is followed only through onOpenLink with a
// URL that passed safeLinkUrl; each update lexes and re-renders only the open last block.
import { useCallback, useMemo, useState, type MouseEvent } from 'react'
import { CHAPTER_SIZE, IncrementalLexer } from './IncrementalLexer'
import { BlockChapter } from './MarkdownBlocks'
import { safeLinkUrl } from './safeUrl'
import { copyFrozenCode } from './useFrozenChapter'
import type { TextTail } from '../../../../shared/ipc/textTail'
import './markdown.css'

export interface MarkdownProps {
  /** The whole text so far; while streaming, each update normally extends the previous one. */
  text: string
  /**
   * True while more text may arrive: the last block is treated as open, and each update is taken to extend
   * the previous one unless it is shorter than what was already complete.
   */
  streaming?: boolean
  /** While streaming, the end of `text` (see textTail): updates then read only it, never the whole text. */
  tail?: TextTail | undefined
  /** Called with an http(s) or mailto URL when the reader activates a link; the host decides what to do. */
  onOpenLink: (url: string) => void
  className?: string
}

export function Markdown({ text, streaming = false, tail, onOpenLink, className }: MarkdownProps) {
  const [lexer] = useState(() => new IncrementalLexer())
  // update() is idempotent for the same text, so a repeated render (StrictMode) does no extra work.
  const snapshot = useMemo(
    () => lexer.update(text, { appendOnly: streaming, tail: streaming ? tail : undefined }),
    [lexer, text, streaming, tail],
  )

  // One delegated handler keeps the callback out of the memoized blocks, so a new onOpenLink identity on
  // every parent render does not re-render them. It also serves the Copy buttons of frozen chapters, whose nodes
  // React no longer handles.
  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (!(event.target instanceof Element)) return
      const anchor = event.target.closest('a')
      if (event.button === 0 && copyFrozenCode(event.target)) return
      if (!anchor || !event.currentTarget.contains(anchor)) return
      event.preventDefault()
      if (event.button > 1) return
      const url = safeLinkUrl(anchor.getAttribute('href') ?? '')
      if (url !== null) onOpenLink(url)
    },
    [onOpenLink],
  )

  return (
    <div
      className={['markdown', streaming ? 'markdown-streaming' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-busy={streaming}
      onClick={onClick}
      onAuxClick={onClick}
    >
      {snapshot.chapters.map((pages, chapter) => {
        // Only the chapter holding the last block depends on the streaming state; the others keep equal props.
        const holdsLast = chapter === snapshot.chapters.length - 1
        return (
          <BlockChapter
            key={chapter}
            pages={pages}
            firstPage={chapter * CHAPTER_SIZE}
            lastIndex={holdsLast ? snapshot.lastIndex : -1}
            streaming={holdsLast && streaming}
            done={chapter < snapshot.doneChapters}
          />
        )
      })}
    </div>
  )
}
