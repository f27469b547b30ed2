// The four text wire formats by id and label: a leaf every layer of shared/ may import (catalog, ipc, wire),
// so it imports nothing. Per-format data is keyed on `WireFormat`, so adding a format is a compile error
// everywhere it must be handled.
export const WIRE_FORMATS = ['chat', 'responses', 'messages', 'native'] as const

export type WireFormat = (typeof WIRE_FORMATS)[number]

export const FORMAT_LABELS: Record<WireFormat, string> = {
  chat: 'Chat completions',
  responses: 'Responses',
  messages: 'Messages',
  native: 'Native (generateContent)',
}
