// How a form issue reads beside its field: the field's name as the form labels it, then what to do, with the JSON
// path the validators use in small print after it. The validators (shared with main) name paths; only the
// renderer knows the labels, so the wording happens here.
const PATH = /^([A-Za-z_][\w]*(?:\[\d+\]|\.[A-Za-z_][\w]*)*)\s+(.*)$/s

function whatToDo(rest: string): string {
  if (/^is required: a URL or a file$/.test(rest)) return 'choose an image (a file or an image URL)'
  if (/^(is required|must not be empty)( for \S+)?$/.test(rest)) return 'fill this in'
  if (/^must be an http\(s\) URL, a data URL or a file$/.test(rest))
    return 'give an http(s) image URL, a data URL or a file'
  return rest
}

/** `message` said for the field labelled `label`, e.g. "Garment 1: choose an image (…)" + "garments[0].image". */
export function IssueWords({ label, message }: { label: string | undefined; message: string }) {
  const m = PATH.exec(message)
  if (!label || !m) return <>{message}</>
  return (
    <>
      {label}: {whatToDo(m[2]!)} <span className="small muted mono">({m[1]})</span>
    </>
  )
}
