// The Inspector and code export as panels embed them; everything else in this folder is internal.
export { Inspector } from './Inspector'
export { CodeExport } from './CodeExport'
export { CopyButton } from './CopyButton'
