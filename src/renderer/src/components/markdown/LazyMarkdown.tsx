// The markdown renderer as its own chunk: the Text panel's first load needs only the composer, and the lexer and
// block renderer follow once the page is idle (main.tsx calls preloadMarkdown when the first screen is up, well
// before a first answer can stream). Until the chunk is here, the text shows as plain, wrapped text, never as
// HTML (S3 holds either way).
import { lazy, Suspense } from 'react'
import type * as MarkdownModule from './Markdown'
import type { MarkdownProps } from './Markdown'

let chunk: Promise<typeof MarkdownModule> | null = null
/** Fetches the renderer once; a failed fetch is forgotten so the next render tries again. */
export function preloadMarkdown(): Promise<typeof MarkdownModule> {
  if (!chunk) {
    chunk = import('./Markdown')
    chunk.catch(() => (chunk = null))
  }
  return chunk
}

const MarkdownChunk = lazy(async () => ({ default: (await preloadMarkdown()).Markdown }))

export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense
      fallback={
        <div className={`markdown ${props.className ?? ''}`.trim()} style={{ whiteSpace: 'pre-wrap' }}>
          {props.text}
        </div>
      }
    >
      <MarkdownChunk {...props} />
    </Suspense>
  )
}
