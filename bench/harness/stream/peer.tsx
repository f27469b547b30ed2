// The peer stack: react-markdown + remark-gfm + rehype-highlight re-rendering the whole message as it grows,
// the way the popular chat clients render a streamed answer.
/// <reference types="vite/client" />
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import rehypeHighlight from 'rehype-highlight'
import 'highlight.js/styles/github.css'
import { mountStreamPage, type MessageRendererProps } from './StreamPage'

const remarkPlugins = [remarkGfm]
const rehypePlugins = [rehypeHighlight]

function PeerMessage({ text }: MessageRendererProps) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins}>
        {text}
      </ReactMarkdown>
    </div>
  )
}

mountStreamPage(PeerMessage)
