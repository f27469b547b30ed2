// The streaming peer: streamdown 2.7.1 (react-markdown's drop-in replacement for streamed AI output: it splits the
// answer into blocks, memoises the finished ones and repairs unterminated markdown), rendered as its README says
// for a plain React app: <Streamdown isAnimating> with its styles.css and the shadcn/ui design tokens it reads.
// Not here: its Tailwind utility classes (Tailwind is not installed; without it those classes match no rule, which
// if anything makes style and layout cheaper for it) and the optional @streamdown/code (Shiki) plugin, not
// installed either, so its code blocks are not highlighted while the react-markdown page's are.
/// <reference types="vite/client" />
import { Streamdown } from 'streamdown'
import 'streamdown/styles.css'
import './streamdown-tokens.css'
import { mountStreamPage, type MessageRendererProps } from './StreamPage'

function StreamdownMessage({ text, streaming }: MessageRendererProps) {
  return (
    <div className="markdown">
      <Streamdown isAnimating={streaming}>{text}</Streamdown>
    </div>
  )
}

mountStreamPage(StreamdownMessage)
