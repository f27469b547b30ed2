// The one model picker of every panel that chooses a model (Text, Compare, Cases, the Gateway check, and any
// panel to come): a text field that takes any id as typed (the gateway accepts ids no list knows), with a list
// searched in main as the user types: favourites first, then the gateway's own models, the catalog and the ids
// the user kept, each with what is known of it. Keyboard first: ↓/↑ move, Enter picks, Esc closes, Alt+F marks
// a favourite. A gateway without a list endpoint is said once, quietly, in the list's footer.
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react'
import { createPortal } from 'react-dom'
import type { GatewayList, ModelInfo, ModelKind } from '../../../../shared/ipc/models'
import { THINKING_SUFFIXES } from '../../../../shared/catalog/textModels'
import { modelsCalls } from '../../ipc/modelsCalls'
import { modelFacts, SOURCE_LABELS } from './modelFacts'
import './modelPicker.css'

export interface ModelPickerProps {
  value: string
  onChange(model: string): void
  /** The profile whose models are offered (null: the active one is not known yet; the catalog is offered). */
  profileId: string | null
  /** Keeps models of this kind and those whose kind the gateway's list does not say. */
  kind?: ModelKind
  ariaLabel: string
  placeholder?: string
  /** Called when a model is picked from the list (not on each keystroke). */
  onPick?(model: string): void
  /** Clears the field after a pick (a picker that adds to a list). */
  clearOnPick?: boolean
  invalid?: boolean
  describedBy?: string
  onBlur?(): void
  className?: string
}

const LIMIT = 60

interface Listed {
  models: ModelInfo[]
  total: number
  gateway: GatewayList | null
  error: string | null
}

export function ModelPicker(props: ModelPickerProps) {
  const { value, profileId, kind } = props
  const id = useId()
  const listId = `${id}-list`
  const input = useRef<HTMLInputElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  /** Bumped to read the list again; `askGateway` makes that read ask the gateway again too. */
  const [reload, setReload] = useState(0)
  const askGateway = useRef(false)
  const [listed, setListed] = useState<Listed>({ models: [], total: 0, gateway: null, error: null })

  useEffect(() => {
    if (!open || !profileId) return
    let stale = false
    const timer = setTimeout(async () => {
      const refresh = askGateway.current
      askGateway.current = false
      const r = await modelsCalls.list({
        profileId,
        limit: LIMIT,
        ...(query.trim() ? { query: query.trim() } : {}),
        ...(kind ? { kind } : {}),
        ...(refresh ? { refresh } : {}),
      })
      if (stale) return
      if (r.ok) setListed({ ...r.value, error: null })
      else setListed((l) => ({ ...l, error: r.error.message }))
    }, 120)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [open, profileId, query, kind, reload])

  // The list is drawn over the page (a portal, fixed to the field), so no panel's scrolling or stacking cuts it
  // off; it opens upward when there is more room above, and leftward near the window's right edge.
  const [place, setPlace] = useState<CSSProperties>({})
  useLayoutEffect(() => {
    if (!open || !box.current) return
    let frame = 0
    const measure = () => {
      frame = 0
      const rect = box.current?.getBoundingClientRect()
      if (!rect) return
      const width = Math.min(448, window.innerWidth - 16)
      const left = Math.max(8, Math.min(rect.left, window.innerWidth - width - 8))
      const below = window.innerHeight - rect.bottom - 8
      const above = rect.top - 8
      const up = below < 240 && above > below
      setPlace({
        left,
        width,
        ...(up ? { bottom: window.innerHeight - rect.top + 2 } : { top: rect.bottom + 2 }),
        maxHeight: Math.max(160, Math.min(480, up ? above : below)),
      })
    }
    const later = () => (frame ||= requestAnimationFrame(measure))
    measure()
    window.addEventListener('resize', later)
    window.addEventListener('scroll', later, true)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('resize', later)
      window.removeEventListener('scroll', later, true)
    }
  }, [open])

  const popup = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const close = (e: PointerEvent) => {
      const target = e.target as Node
      if (!box.current?.contains(target) && !popup.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', close)
    return () => document.removeEventListener('pointerdown', close)
  }, [open])

  const typed = query.trim()
  const exact = listed.models.some((m) => m.id === typed)
  const options = listed.models
  const count = options.length + (typed && !exact ? 1 : 0)

  const pick = (model: string) => {
    props.onChange(props.clearOnPick ? '' : model)
    props.onPick?.(model)
    setOpen(false)
    setQuery('')
    input.current?.focus()
  }

  const toggleFavourite = async (m: ModelInfo) => {
    const r = await modelsCalls.setFavourite(m.id, !m.favourite)
    if (r.ok)
      setListed((l) => ({
        ...l,
        models: l.models.map((x) => (x.id === m.id ? { ...x, favourite: !m.favourite } : x)),
      }))
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (!open) return void (setOpen(true), setQuery(''), setActive(0))
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((a) => (count === 0 ? 0 : (a + step + count) % count))
    } else if (e.key === 'Enter' && open) {
      e.preventDefault()
      const m = options[active]
      if (m) pick(m.id)
      else if (typed) pick(typed)
      else setOpen(false)
    } else if (e.key === 'Escape' && open) {
      // Closes the list only: the panel's own Esc (Stop) is for when no list is open.
      e.preventDefault()
      e.stopPropagation()
      setOpen(false)
    } else if (e.altKey && (e.key === 'f' || e.key === 'F') && open && options[active]) {
      e.preventDefault()
      void toggleFavourite(options[active]!)
    }
  }

  const optionId = (i: number) => `${id}-option-${i}`
  return (
    <div className={`model-picker ${props.className ?? ''}`} ref={box}>
      <input
        ref={input}
        role="combobox"
        aria-label={props.ariaLabel}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && count > 0 ? optionId(active) : undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        value={value}
        placeholder={props.placeholder}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          props.onChange(e.target.value)
          setQuery(e.target.value)
          setActive(0)
          setOpen(true)
        }}
        onClick={() => !open && (setOpen(true), setQuery(''), setActive(0))}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // Tabbing away closes the list (a click in the list keeps the focus here).
          setOpen(false)
          props.onBlur?.()
        }}
      />
      {open &&
        createPortal(
          <div className="model-picker-popup" ref={popup} style={place}>
            <ul id={listId} role="listbox" aria-label={`${props.ariaLabel}: models`}>
              {options.map((m, i) => (
                <li
                  key={m.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'active' : undefined}
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => pick(m.id)}
                  onPointerMove={() => i !== active && setActive(i)}
                >
                  <button
                    type="button"
                    tabIndex={-1}
                    className={`star${m.favourite ? ' on' : ''}`}
                    aria-label={m.favourite ? `Remove ${m.id} from favourites` : `Add ${m.id} to favourites`}
                    aria-pressed={m.favourite}
                    onClick={(e) => {
                      e.stopPropagation()
                      void toggleFavourite(m)
                    }}
                  >
                    {m.favourite ? '★' : '☆'}
                  </button>
                  <span className="model-picker-main">
                    <span className="model-picker-id mono">{m.id}</span>
                    {m.name && <span className="muted small"> {m.name}</span>}
                    {m.sources.map((s) => (
                      <span key={s} className={`model-source ${s}`}>
                        {SOURCE_LABELS[s] ?? s}
                      </span>
                    ))}
                    <span className="model-picker-facts muted small">{modelFacts(m).join(' · ')}</span>
                  </span>
                </li>
              ))}
              {typed && !exact && (
                <li
                  id={optionId(options.length)}
                  role="option"
                  aria-selected={active === options.length}
                  className={active === options.length ? 'active' : undefined}
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => pick(typed)}
                >
                  <span className="star" aria-hidden="true" />
                  <span className="model-picker-main">
                    Use <span className="mono">{typed}</span> as typed
                    <span className="model-picker-facts muted small">
                      Not in the catalog or the gateway&apos;s list: the gateway decides.
                    </span>
                  </span>
                </li>
              )}
            </ul>
            <PickerFooter
              listed={listed}
              typed={typed && !exact ? typed : null}
              profileId={profileId}
              thinkingHint={kind === 'text'}
              onRefresh={() => {
                askGateway.current = true
                setReload((n) => n + 1)
              }}
              onKept={() => setReload((n) => n + 1)}
            />
          </div>,
          document.body,
        )}
    </div>
  )
}

function PickerFooter({
  listed,
  typed,
  profileId,
  onRefresh,
  onKept,
  thinkingHint,
}: {
  listed: Listed
  typed: string | null
  profileId: string | null
  thinkingHint: boolean
  onRefresh(): void
  onKept(): void
}) {
  const [kept, setKept] = useState<string | null>(null)
  const shown = listed.models.length
  return (
    <div className="model-picker-footer muted small" onPointerDown={(e) => e.preventDefault()}>
      <span role="status">
        {listed.error
          ? `The list could not be read: ${listed.error}`
          : listed.gateway
            ? `${listed.gateway.message}${listed.total > shown ? ` Showing ${shown} of ${listed.total}: type to narrow.` : ''}`
            : profileId
              ? 'Reading the models…'
              : 'Pick a profile to see its models.'}
      </span>
      {thinkingHint && <span>Thinking variants: add {THINKING_SUFFIXES.join(', ')} to a model id.</span>}
      <span className="model-picker-actions">
        {typed && profileId && kept !== typed && (
          <button
            type="button"
            className="ghost small"
            onClick={async () => {
              const r = await modelsCalls.keep(profileId, typed)
              if (r.ok) setKept(typed)
              onKept()
            }}
          >
            Keep “{typed}” in this profile&apos;s models
          </button>
        )}
        {profileId && (
          <button type="button" className="ghost small" onClick={onRefresh}>
            Ask the gateway again
          </button>
        )}
        <span>Alt+F: favourite</span>
      </span>
    </div>
  )
}
