// Our renderer in the same page as the peer stack: the app's Markdown component and its styles.
/// <reference types="vite/client" />
import { Markdown } from '../../../src/renderer/src/components/markdown/Markdown'
import '../../../src/renderer/src/styles.css'
import { mountStreamPage, type MessageRendererProps } from './StreamPage'

const ignoreLink = () => undefined

function OurMessage({ text, streaming }: MessageRendererProps) {
  return <Markdown text={text} streaming={streaming} onOpenLink={ignoreLink} />
}

mountStreamPage(OurMessage)
