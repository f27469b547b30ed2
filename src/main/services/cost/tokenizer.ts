// The local tokenizer (gpt-tokenizer), loaded once on first need: its tables take about half a second to load,
// so nothing loads it at start-up. Token counts for formats without a count endpoint and the cost estimate of a
// run whose usage was not reported both come from here.
import type * as Tokenizer from 'gpt-tokenizer'

export type LocalTokenizer = Pick<typeof Tokenizer, 'countTokens'>

let loaded: LocalTokenizer | null = null
let loading: Promise<LocalTokenizer> | null = null

export function loadTokenizer(): Promise<LocalTokenizer> {
  loading ??= import('gpt-tokenizer').then((m) => (loaded = m))
  return loading
}

/** The tokenizer when it is loaded already, else null (a caller that cannot wait). */
export function loadedTokenizer(): LocalTokenizer | null {
  return loaded
}
