// The Text panel's Code tab: the request a Send would make (main's own snippets) or the one last sent, as curl,
// TypeScript and Python. A chunk of its own with the code exporter, fetched when the tab is first shown, so the
// exporter stays out of the first load. The key is read from an environment variable, never written.
import { useMemo } from 'react'
import type { Exchange } from '../../../../shared/ipc/exchange'
import type { RequestPreview } from '../../../../shared/ipc/text'
import { exportCode, type CodeSnippets } from '../../../../shared/wire/codeExport'
import { CodeExport } from '../../components/inspector/CodeExport'

export function RequestCode({ last, preview }: { last: Exchange | null; preview: RequestPreview | null }) {
  const code = useMemo(() => snippets(last, preview), [last, preview])
  return code && <CodeExport code={code} />
}

function snippets(last: Exchange | null, preview: RequestPreview | null): CodeSnippets | null {
  const source = last ? last.request : preview
  if (!source) return null
  if (!last && preview?.code) return preview.code
  return exportCode({
    method: source.method === 'GET' ? 'GET' : 'POST',
    url: source.url,
    headers: Object.fromEntries(source.headers),
    body: source.body === null ? undefined : (safeJson(source.body) ?? source.body),
  })
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
