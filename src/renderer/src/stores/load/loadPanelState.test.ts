// The Load test panel's saved set-up: what is typed comes back as typed (wrong values included), each field bounded
// on its own (a field too long to keep starts from its default, the others stay), and the state stays within the
// workspace's bound however many targets were added.
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_WORKSPACE_STATE } from '../../../../shared/workspace/panels'
import { boundedState } from '../workspace'
import { LOAD_FORM_DEFAULTS, newTarget, type LoadForm } from './form'
import { loadPanelPersistence } from './loadPanelState'
import { useLoadStore } from './loadStore'

const initial = useLoadStore.getState()
afterEach(() => useLoadStore.setState(initial, true))

/** The saved text read back through the panel's schema, as the next start does. */
function readBack(): LoadForm {
  const text = boundedState(loadPanelPersistence.snapshot(), loadPanelPersistence.shrink)
  expect(text).not.toBeNull()
  expect(text!.length).toBeLessThanOrEqual(MAX_WORKSPACE_STATE)
  return loadPanelPersistence.schema!.parse(JSON.parse(text!)).form
}

describe('the Load test set-up kept across a reload', () => {
  it('comes back as typed, a wrong value included', () => {
    const form: LoadForm = {
      ...LOAD_FORM_DEFAULTS,
      name: 'my named test',
      targets: [
        newTarget('p1', 'claude-haiku-4-5', 'messages'),
        { ...newTarget('p2', 'gpt-4o'), stream: false },
      ],
      levels: '3, 6',
      per: 'seconds',
      amount: '15',
      mode: 'rate',
      maxInFlight: '32',
      ttftLimit: '500',
      tpotLimit: 'fast',
      promptKind: 'file',
      file: { ref: 'media-1', name: 'prompts.txt' },
    }
    useLoadStore.setState({ form })
    const back = readBack()
    expect(back).toEqual(form)
    useLoadStore.setState(initial, true)
    loadPanelPersistence.restore({ form: back })
    expect(useLoadStore.getState().form).toEqual(form)
  })

  it('starts a field too long to keep from its default, keeping the others', () => {
    useLoadStore.setState({
      form: { ...LOAD_FORM_DEFAULTS, name: 'n'.repeat(5000), levels: '2, 8', warmup: '0' },
    })
    const back = readBack()
    expect(back.name).toBe('')
    expect(back.levels).toBe('2, 8')
    expect(back.warmup).toBe('0')
  })

  it('keeps at most 64 targets, within the state bound', () => {
    const targets = Array.from({ length: 200 }, (_, i) => newTarget('p', `model-${i}-${'x'.repeat(900)}`))
    useLoadStore.setState({ form: { ...LOAD_FORM_DEFAULTS, targets } })
    const back = readBack()
    expect(back.targets).toHaveLength(64)
    expect(back.targets[63]!.model).toBe(targets[63]!.model)
  })

  it('counts as untouched at its start, the active profile filled in, and not once anything is typed', () => {
    expect(loadPanelPersistence.untouched!()).toBe(true)
    useLoadStore.getState().setTarget(0, { profileId: 'local-simulator' })
    expect(loadPanelPersistence.untouched!()).toBe(true)
    useLoadStore.getState().setForm({ levels: '2' })
    expect(loadPanelPersistence.untouched!()).toBe(false)
    useLoadStore.setState(initial, true)
    useLoadStore.getState().addTarget(newTarget('local-simulator'))
    expect(loadPanelPersistence.untouched!()).toBe(false)
  })

  it('saves when the form changes, not on other state', () => {
    let changes = 0
    const stop = loadPanelPersistence.subscribe(() => changes++)
    useLoadStore.getState().setForm({ name: 'a' })
    useLoadStore.getState().openRequest(3)
    stop()
    expect(changes).toBe(1)
  })
})
