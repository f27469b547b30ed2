// The list of what stops a request, shown beside Send once it was pressed: each line names the field and the
// rule (the same text the field itself shows).

export function CannotSend({ issues }: { issues: Map<string, string> }) {
  if (issues.size === 0) return null
  return (
    <ul className="issues error-banner emb-cannot-send" role="alert" aria-label="Cannot send">
      {[...issues].map(([field, message]) => (
        <li key={field}>{message}</li>
      ))}
    </ul>
  )
}
