// One problem found in a draft before it is sent: where (the draft field), which rule, the words, and whether it
// blocks the send (error) or only says what the gateway will do (warning). Shared by the rule modules.
type IssueSeverity = 'error' | 'warning'

export interface DraftIssue {
  /** Path in the draft, e.g. `temperature`, `messages[2].parts[0]`, `extras.messages.thinking.budget_tokens`. */
  field: string
  /** Stable rule id: `required`, `range`, `positive`, `budget_min`, `stream_only`, `file_size`, `role`, … */
  rule: string
  message: string
  severity: IssueSeverity
}
