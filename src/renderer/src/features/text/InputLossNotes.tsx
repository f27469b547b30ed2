// The notes that say, before sending, which inputs of the conversation the chosen format cannot carry (the same
// lossiness list Compare shows). A chunk of its own with the lossiness rules, fetched right after the first load
// (the Text panel mounts it lazily); until then, and whenever every input fits the format, it shows nothing.
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { FORMAT_LABELS } from '../../../../shared/wire'
import { translationLoss } from '../../../../shared/wire/lossiness'
import { useTextStore } from '../../stores/text'
import { buildDraft } from '../../stores/form'

/** Inputs of the conversation the chosen format cannot carry, or carries another way, said before sending. */
export function InputLossNotes() {
  const s = useTextStore(
    useShallow((x) => ({
      format: x.format,
      messages: x.messages,
      attachments: x.attachments,
      // Whether the composer has text (it shifts part indexes), not the text: typing does not recompute this.
      hasText: x.composer.trim() !== '',
    })),
  )
  const notes = useMemo(() => {
    const form = useTextStore.getState()
    const { format, messages, attachments } = s
    const { draft } = buildDraft(
      { ...form, format, messages, attachments, composer: s.hasText ? '.' : '' },
      true,
    )
    // The composer's turn is the last one: name its parts by the attachment they come from.
    const names = new Map<string, string>()
    const last = draft.messages.length - 1
    const offset = s.hasText ? 1 : 0
    if (s.attachments.length > 0)
      s.attachments.forEach((a, j) => names.set(`messages[${last}].parts[${j + offset}]`, a.name))
    return translationLoss(draft, s.format)
      .filter((w) => w.path.startsWith('messages['))
      .map((w) => {
        const part = /^messages\[\d+\]\.parts\[\d+\]/.exec(w.path)?.[0] ?? w.path
        const name = names.get(part)
        return { ...w, text: name ? w.message.replace(`${part}`, `“${name}”`) : w.message }
      })
  }, [s])
  if (notes.length === 0) return null
  return (
    <section className="input-loss" aria-label={`Inputs ${FORMAT_LABELS[s.format]} cannot carry`}>
      <ul className="loss-list">
        {notes.map((w) => (
          <li key={w.path + w.kind} className={`loss-${w.kind}`}>
            <span className="badge">{w.kind === 'dropped' ? 'not sent' : w.kind}</span> {w.text}
          </li>
        ))}
      </ul>
    </section>
  )
}
