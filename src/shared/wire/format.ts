// The wire layer's view of the format ids: re-exported from the leaf module shared/format.ts so that
// catalog and ipc can name a format without importing the wire layer.
export { WIRE_FORMATS, FORMAT_LABELS } from '../format'
export type { WireFormat } from '../format'
