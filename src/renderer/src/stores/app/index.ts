// App-wide state shared by every panel: the open panel and the host's facts, each panel's open tab, the one
// question asked before something is replaced, the undo offer, the first screen's idle queue, and the app's part
// of the saved workspace.
export { useAppStore, type PanelId } from './appStore'
export { openPanelTab, usePanelTab } from './tabsStore'
export { askChoice, askUser, useConfirmStore } from './confirmStore'
export { dismissUndo, offerUndo, takeUndo, useUndoStore } from './undoStore'
export { firstScreenMounted, whenStarted } from './firstScreen'
export { appPanelPersistence } from './appPanelState'
