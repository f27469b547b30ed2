// Why a shortcut could not do its work, said once on screen (the palette says it in place instead).
type Listener = (text: string | null) => void

let listener: Listener | null = null

/** Shows `text` (a refusal in words); null shows nothing. */
export function announceRefusal(text: string | null): void {
  if (text) listener?.(text)
}

/** The one line that shows refusals; returns its removal. */
announceRefusal.listen = (next: Listener): (() => void) => {
  listener = next
  return () => {
    if (listener === next) listener = null
  }
}
