// Main-process entry of the Electron app. All electron-specific wiring lives in platform/electronHost.ts
// so that everything outside src/main/platform stays runnable under plain Node.
import { startElectronHost } from './platform/electronHost'

startElectronHost()
