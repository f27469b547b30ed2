// Main-process entry of the Electron app: the platform provides Electron's adapters and transports, and the
// app core (appCore.ts, the one place that composes services, domains and the router) is built from them
// together with the built-in simulator. Browser mode (web/host.ts) builds the same core from Node adapters.
import { createAppCore } from './appCore'
import { startEmbeddedSimulator } from './embeddedSimulator'
import { startElectronHost } from './platform/electronHost'

startElectronHost((adapters) => createAppCore({ ...adapters, startSimulator: startEmbeddedSimulator }))
