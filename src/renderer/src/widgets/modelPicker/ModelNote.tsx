// Beside a chosen model: what is known of it (context window, output limit, price, the last check), or, for an
// id no list knows, the one note every panel shows for it (the gateway decides). Read from main as the id
// settles, so typing does not ask for each keystroke.
import { useEffect, useState } from 'react'
import type { ModelInfo, ModelKind } from '../../../../shared/ipc/models'
import { NOT_IN_CATALOG } from '../../../../shared/catalog/notInCatalog'
import { parseThinkingSuffix } from '../../../../shared/catalog/textModels'
import { modelsCalls } from '../../ipc/modelsCalls'
import { modelFacts } from './modelFacts'

/** The list's entry for an id on a profile: undefined while reading, null when no list knows it. */
export function useModelInfo(
  profileId: string | null,
  model: string,
  kind?: ModelKind,
): ModelInfo | null | undefined {
  const id = model.trim()
  const [info, setInfo] = useState<{ key: string; value: ModelInfo | null } | null>(null)
  const key = `${profileId}\u0000${id}\u0000${kind ?? ''}`
  useEffect(() => {
    if (!profileId || !id) return
    let stale = false
    const timer = setTimeout(async () => {
      // A thinking variant (`-thinking-8192`) is the model without its suffix.
      const base = parseThinkingSuffix(id).base
      const r = await modelsCalls.list({ profileId, query: base, limit: 20, ...(kind ? { kind } : {}) })
      if (!stale && r.ok)
        setInfo({ key, value: r.value.models.find((m) => m.id === id || m.id === base) ?? null })
    }, 250)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [profileId, id, kind, key])
  return info?.key === key ? info.value : undefined
}

export function ModelNote({
  profileId,
  model,
  kind,
  known,
  facts: showFacts = true,
}: {
  profileId: string | null
  model: string
  kind?: ModelKind
  /** Whether the app's catalog knows the id (thinking suffix aside): the note shows at once without a read. */
  known: boolean
  /** Also show what is known of a model the lists know (where there is room for a line of it). */
  facts?: boolean
}) {
  const info = useModelInfo(profileId, model, kind)
  if (!model.trim()) return null
  if (info === null || (info === undefined && !known))
    return (
      <span className="muted small" data-testid="model-note">
        {NOT_IN_CATALOG}
      </span>
    )
  const facts = info && showFacts ? modelFacts(info) : []
  if (facts.length === 0) return null
  return (
    <span className="muted small model-facts" data-testid="model-facts" title={facts.join('\n')}>
      {facts.join(' · ')}
    </span>
  )
}
