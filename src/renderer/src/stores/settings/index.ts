// The app's settings as main keeps them: a shared store (the theme; the Text panel's defaults, applied by the
// store effects).
export { useAppSettingsStore } from './appSettingsStore'
