// The model picker where a panel takes several models as one list of ids (Compare's "several models", the
// Gateway check's models): a picked or typed-and-entered model is added to the list, once; the list itself stays
// an editable field, so ids can still be pasted or removed by hand.
import { useState } from 'react'
import type { ModelKind } from '../../../../shared/ipc/models'
import { ModelPicker } from './ModelPicker'

/** `a, b` + `c` → `a, b, c`; a model already named (or an empty one) leaves the list as it was. */
export function addToModelList(list: string, model: string): string {
  const id = model.trim()
  const ids = list.split(/[\s,]+/).filter(Boolean)
  if (!id || ids.includes(id)) return list
  return [...ids, id].join(', ')
}

export function AddModel(props: {
  ariaLabel: string
  profileId: string | null
  kind?: ModelKind
  onAdd(model: string): void
}) {
  const [typed, setTyped] = useState('')
  return (
    <ModelPicker
      ariaLabel={props.ariaLabel}
      placeholder="Add a model…"
      value={typed}
      onChange={setTyped}
      profileId={props.profileId}
      {...(props.kind ? { kind: props.kind } : {})}
      clearOnPick
      onPick={props.onAdd}
      className="add-model"
    />
  )
}
