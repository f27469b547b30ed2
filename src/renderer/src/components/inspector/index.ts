// The Inspector and code export as panels embed them; everything else in this folder is internal.
export { Inspector, type InspectorProps, type InspectorTab } from './Inspector'
export { CodeExport, type CodeExportProps, type CodeLanguage } from './CodeExport'
export { CopyButton } from './CopyButton'
export type { FramePage, LoadFrames } from './FrameList'
export type { SavedCapture } from './SaveCapture'
export { TabList } from '../tabs/TabList'
