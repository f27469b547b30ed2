// The option lists of the profile and format selects, written once for every panel that picks one.
import { FORMAT_LABELS, WIRE_FORMATS } from '../../../../shared/wire'

/** One option per profile, valued by its id and named by its name. */
export function ProfileOptions({ profiles }: { profiles: readonly { id: string; name: string }[] }) {
  return (
    <>
      {profiles.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </>
  )
}

/** One option per value, named by its label (the wire formats by default). */
export function FormatOptions<T extends string>({
  values,
  labels,
}: {
  values?: readonly T[]
  labels?: Readonly<Record<T, string>>
}) {
  const shown = (values ?? WIRE_FORMATS) as readonly T[]
  const named = (labels ?? FORMAT_LABELS) as Readonly<Record<T, string>>
  return (
    <>
      {shown.map((f) => (
        <option key={f} value={f}>
          {named[f]}
        </option>
      ))}
    </>
  )
}
