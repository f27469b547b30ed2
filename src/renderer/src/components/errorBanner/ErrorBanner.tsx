// The banner a panel shows when something it did failed: what happened, said at once to screen readers (alert).
// Invariant: it renders nothing when there is no message, so a panel writes <ErrorBanner>{error}</ErrorBanner>
// without guarding it, and every panel's banner looks and announces the same.
import type { ReactNode } from 'react'

interface Props {
  /** The message; nothing is rendered when it is null, undefined, false or empty. */
  children?: ReactNode
  /** What failed, said before the message ("Could not load profiles" → "Could not load profiles: …"). */
  what?: string
  className?: string
  testId?: string
  /** Shown without being announced: a state that follows the user's typing (a preview that cannot be built),
   *  not the failure of something they did. */
  quiet?: boolean
}

export function ErrorBanner({ children, what, className, testId, quiet }: Props) {
  if (children === null || children === undefined || children === false || children === '') return null
  return (
    <p
      className={className ? `error-banner ${className}` : 'error-banner'}
      role={quiet ? undefined : 'alert'}
      data-testid={testId}
    >
      {what ? `${what}: ` : null}
      {children}
    </p>
  )
}
