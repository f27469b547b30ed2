// The layering rules hold because lint holds them: each zone in eslint.config.js is fed one deliberately wrong
// import (linted virtually at a path inside the zone) and must name it, the allowed neighbour must pass, and the
// real source tree must obey every zone.
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const layerRule = (ruleId: string) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax'

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => layerRule(ruleId) })
})

/** The layer messages ESLint reports for `code` as if it were the file at `filePath`. */
async function layerMessages(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(`${code}\n`, { filePath: `${root}/${filePath}` })
  return results[0]!.messages.filter((m) => m.ruleId && layerRule(m.ruleId)).map((m) => m.message)
}

const wrong: { zone: string; file: string; code: string; says: string }[] = [
  { zone: 'services ↛ ipc', file: 'src/main/services/text/zone.ts', code: "export { createRouter } from '../../ipc/router'", says: 'Services depend only on their ports' },
  { zone: 'services ↛ platform', file: 'src/main/services/zone.ts', code: "import '../platform/window'", says: 'Services depend only on their ports' },
  { zone: 'services ↛ adapters', file: 'src/main/services/zone.ts', code: "export { FileSecretStore } from '../adapters/FileSecretStore'", says: 'Services depend only on their ports' },
  { zone: 'services ↛ composition root', file: 'src/main/services/video/zone.ts', code: "export { createAppCore } from '../../appCore'", says: 'Services depend only on their ports' },
  { zone: 'services ↛ electron', file: 'src/main/services/zone.ts', code: "export { app } from 'electron'", says: 'electron is imported only under' },
  { zone: 'platform ↛ service code', file: 'src/main/platform/zone.ts', code: "export { GatewayClient } from '../services/gateway'", says: 'The platform provides adapters' },
  { zone: 'platform ↛ composition', file: 'src/main/platform/zone.ts', code: "export { createAppCore } from '../appCore'", says: 'src/main/index.ts is the one composition root' },
  { zone: 'platform ↛ domains', file: 'src/main/platform/zone.ts', code: "export { textDomain } from '../ipc/handlers/text'", says: 'src/main/index.ts is the one composition root' },
  { zone: 'adapters ↛ platform', file: 'src/main/adapters/zone.ts', code: "export { createSecureWindow } from '../platform/window'", says: 'Adapters implement service ports with Node' },
  { zone: 'adapters ↛ electron-store', file: 'src/main/adapters/zone.ts', code: "import Store from 'electron-store'\nexport { Store }", says: 'electron-store is imported only under' },
  { zone: 'ipc handlers ↛ node', file: 'src/main/ipc/handlers/zone.ts', code: "export { readFile } from 'node:fs'", says: 'IPC handlers hold no logic' },
  { zone: 'ipc router ↛ node', file: 'src/main/ipc/zone.ts', code: "export { join } from 'path'", says: 'IPC handlers hold no logic' },
  { zone: 'ipc handlers ↛ main beside services', file: 'src/main/ipc/handlers/zone.ts', code: "export { createAppCore } from '../../appCore'", says: 'only through services' },
  { zone: 'ipc handlers ↛ platform', file: 'src/main/ipc/handlers/zone.ts', code: "export { createSecureWindow } from '../../platform/window'", says: 'only through services' },
  { zone: 'web ↛ platform', file: 'src/web/zone.ts', code: "export { registerIpc } from '../main/platform/ipcTransport'", says: 'never the Electron platform' },
  { zone: 'shared ↛ node', file: 'src/shared/wire/zone.ts', code: "export { readFile } from 'node:fs'", says: 'src/shared is pure TypeScript' },
  { zone: 'shared ↛ main', file: 'src/shared/video/zone.ts', code: "export { createAppCore } from '../../main/appCore'", says: 'src/shared imports nothing outside itself' },
  { zone: 'shared ↛ renderer', file: 'src/shared/zone.ts', code: "export { client } from '../renderer/src/ipc/client'", says: 'src/shared imports nothing outside itself' },
  { zone: 'catalog ↛ wire', file: 'src/shared/catalog/zone.ts', code: "export type { Draft } from '../wire'", says: 'never the wire layer' },
  { zone: 'catalog ↛ wire (by the long way)', file: 'src/shared/catalog/zone.ts', code: "export { formats } from '../../shared/wire/format'", says: 'never the wire layer' },
  { zone: 'wire format is a leaf', file: 'src/shared/format.ts', code: "import { z } from 'zod'\nexport const Format = z.string()", says: 'is a leaf' },
  { zone: 'stores ↛ features', file: 'src/renderer/src/stores/zone.ts', code: "export { VideoForm } from '../features/video/VideoForm'", says: 'A store never imports a feature' },
  { zone: "feature ↛ a store folder's files", file: 'src/renderer/src/features/text/zone.tsx', code: "export { useTextStore } from '../../stores/text/textStore'", says: 'reached through its entry (stores/<name>)' },
  { zone: "widget ↛ a store folder's files", file: 'src/renderer/src/widgets/jobDetails/zone.tsx', code: "export { newRun } from '../../stores/runs/runFold'", says: 'reached through its entry (stores/<name>)' },
  { zone: "hand-offs ↛ a store folder's files", file: 'src/renderer/src/stores/zone.ts', code: "export { useTextStore } from './text/textStore'", says: 'Another store folder is reached through its entry' },
  { zone: "store ↛ another store folder's files", file: 'src/renderer/src/stores/compare/zone.ts', code: "export { useProfilesStore } from '../profiles/profilesStore'", says: 'Another store folder is reached through its entry' },
  { zone: "shared store ↛ a panel's state", file: 'src/renderer/src/stores/profiles/zone.ts', code: "export { useTextStore } from '../text'", says: 'A shared store' },
  { zone: 'shared store ↛ hand-offs', file: 'src/renderer/src/stores/runs/zone.ts', code: "export { mayReplace } from '../handoffs'", says: 'A shared store' },
  { zone: "panel's state ↛ another panel's state", file: 'src/renderer/src/stores/history/zone.ts', code: "export { useTextStore } from '../text'", says: "A panel's state imports only itself" },
  { zone: "panel's state ↛ store effects", file: 'src/renderer/src/stores/text/zone.ts', code: "export { installStoreEffects } from '../effects'", says: "A panel's state imports only itself" },
  { zone: 'features ↛ ipc client', file: 'src/renderer/src/features/text/zone.ts', code: "export { client } from '../../ipc/client'", says: 'never the client' },
  { zone: 'app shell ↛ ipc client', file: 'src/renderer/src/zone.tsx', code: "export { client } from './ipc/client'", says: 'never the client' },
  { zone: 'renderer ↛ main', file: 'src/renderer/src/features/zone.ts', code: "export { createAppCore } from '../../../main/appCore'", says: 'never imports main, web or the simulator' },
  { zone: 'renderer ↛ simulator', file: 'src/renderer/src/stores/zone.ts', code: "export { createSimulator } from '../../../simulator/server'", says: 'never imports main, web or the simulator' },
  { zone: 'renderer ↛ node', file: 'src/renderer/src/ipc/zone.ts', code: "export { readFile } from 'node:fs'", says: 'never imports Node modules' },
  { zone: 'feature ↛ another feature', file: 'src/renderer/src/features/compare/zone.tsx', code: "export { RunOutput } from '../text/RunOutput'", says: 'never another feature' },
  { zone: 'feature ↛ another feature (by the long way)', file: 'src/renderer/src/features/images/zone.tsx', code: "export { VideoForm } from '../../features/video/VideoForm'", says: 'never another feature' },
  { zone: 'feature ↛ another feature (from a subfolder)', file: 'src/renderer/src/features/history/parts/zone.tsx', code: "export { SaveCaseForm } from '../../cases/SaveCaseForm'", says: 'never another feature' },
  { zone: 'feature ↛ app shell', file: 'src/renderer/src/features/text/zone.tsx', code: "export { PanelFrame } from '../../panels/lazyPanels'", says: 'never another feature or the app shell' },
  { zone: 'components ↛ a store', file: 'src/renderer/src/components/runOutput/zone.tsx', code: "export { useAppStore } from '../../stores/app'", says: 'components/ is pure view' },
  { zone: 'components ↛ a call to main', file: 'src/renderer/src/components/markdown/zone.tsx', code: "export { modelsCalls } from '../../ipc/modelsCalls'", says: 'components/ is pure view' },
  { zone: 'components ↛ a connected widget', file: 'src/renderer/src/components/inspector/zone.tsx', code: "export { ConfirmDialog } from '../../widgets/confirm/ConfirmDialog'", says: 'components/ is pure view' },
  { zone: 'components ↛ a feature', file: 'src/renderer/src/components/zone.tsx', code: "export { TextPanel } from '../features/text/TextPanel'", says: 'components/ is pure view' },
  { zone: 'widgets ↛ a feature', file: 'src/renderer/src/widgets/modelPicker/zone.tsx', code: "export { TextPanel } from '../../features/text/TextPanel'", says: 'never a feature or the app shell' },
  { zone: 'widgets ↛ ipc client', file: 'src/renderer/src/widgets/saveCase/zone.tsx', code: "export { client } from '../../ipc/client'", says: 'never the client' },
  { zone: 'simulator ↛ main', file: 'src/simulator/zone.ts', code: "export { createAppCore } from '../main/appCore'", says: 'The simulator imports only src/shared' },
  { zone: 'simulator ↛ renderer', file: 'src/simulator/text/zone.ts', code: "export { useTextStore } from '../../renderer/src/stores/textStore'", says: 'The simulator imports only src/shared' },
  { zone: 'simulator ↛ web', file: 'src/simulator/zone.ts', code: "export { startWebHost } from '../web/server'", says: 'The simulator imports only src/shared' },
  { zone: 'simulator ↛ test fakes', file: 'src/simulator/zone.ts', code: "export { pngHeader } from '../../test/fakes/imageHeaders'", says: 'The simulator imports only src/shared' },
  { zone: 'simulator ↛ electron', file: 'src/simulator/zone.ts', code: "export { app } from 'electron'", says: 'electron is imported only under' },
]

const allowed: { zone: string; file: string; code: string }[] = [
  { zone: 'services use their ports and shared', file: 'src/main/services/text/zone.ts', code: "export type { EventSink } from '../ports'\nexport { ok } from '../../../shared/ipc/result'" },
  { zone: 'platform names ports as types', file: 'src/main/platform/zone.ts', code: "export type { SettingsStore } from '../services/ports'\nexport type { MediaStore } from '../services/mediaStore'" },
  { zone: 'platform serves media with the shared answer', file: 'src/main/platform/zone.ts', code: "export { answerMedia } from '../services/mediaResponse'" },
  { zone: 'adapters implement ports', file: 'src/main/adapters/zone.ts', code: "export type { SecretStore } from '../services/ports'" },
  { zone: 'ipc handlers call services, shared and their router', file: 'src/main/ipc/handlers/zone.ts', code: "export { TextService } from '../../services/text/textService'\nexport { textCommands } from '../../../shared/ipc/text'\nexport { defineDomain } from '../domain'" },
  { zone: 'browser mode composes the core', file: 'src/web/zone.ts', code: "export { createAppCore } from '../main/appCore'" },
  { zone: 'catalog names a format through the leaf', file: 'src/shared/catalog/zone.ts', code: "export type { WireFormat } from '../format'" },
  { zone: 'stores call main through the client', file: 'src/renderer/src/stores/zone.ts', code: "export { client } from '../ipc/client'" },
  { zone: "a panel's state uses itself and the shared stores' entries", file: 'src/renderer/src/stores/compare/zone.ts', code: "export { useCompareStore } from './compareStore'\nexport { useProfilesStore } from '../profiles'\nexport { newRun } from '../runs'\nexport { client } from '../../ipc/client'" },
  { zone: "the hand-offs join panels through their entries", file: 'src/renderer/src/stores/zone.ts', code: "export { useTextStore } from './text'\nexport { useCompareStore } from './compare'\nexport { useHistoryStore } from './history'" },
  { zone: 'features use a call module and shared errors', file: 'src/renderer/src/features/video/zone.ts', code: "export { videoCalls } from '../../ipc/videoCalls'\nexport { IpcCallError } from '../../../../shared/ipc/client'" },
  { zone: 'a feature uses itself, components and stores', file: 'src/renderer/src/features/compare/zone.tsx', code: "export { DraftEditor } from './DraftEditor'\nexport { RunOutput } from '../../components/runOutput/RunOutput'\nexport { useCompareStore } from '../../stores/compare'\nexport { ColumnView } from '../compare/ColumnView'" },
  { zone: 'components name store types and use other components', file: 'src/renderer/src/components/runOutput/zone.tsx', code: "export type { RunView } from '../../stores/runs'\nexport { ErrorBanner } from '../errorBanner/ErrorBanner'" },
  { zone: 'widgets join components, stores and calls to main', file: 'src/renderer/src/widgets/jobDetails/zone.tsx', code: "export { TabList } from '../../components/tabs/TabList'\nexport { useJobsStore } from '../../stores/jobs'\nexport { jobsCalls } from '../../ipc/jobsCalls'" },
  { zone: 'the app shell composes features', file: 'src/renderer/src/panels/zone.tsx', code: "export { TextPanel } from '../features/text/TextPanel'" },
  { zone: 'simulator uses shared, itself, node and its npm packages', file: 'src/simulator/text/zone.ts', code: "export { formats } from '../../shared/wire'\nexport { sendJson } from '../http'\nexport { createServer } from 'node:http'\nexport { encode } from 'gpt-tokenizer'" },
]

describe('layer zones', { timeout: 120_000 }, () => {
  it.each(wrong)('$zone: a wrong import is reported with the rule it breaks', async ({ file, code, says }) => {
    const messages = await layerMessages(file, code)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(says)
  })

  it.each(allowed)('$zone: the allowed import passes', async ({ file, code }) => {
    expect(await layerMessages(file, code)).toEqual([])
  })

  it('the source tree obeys every zone', async () => {
    const results = await eslint.lintFiles(['src', 'test', 'bench', 'scripts'].map((dir) => `${root}/${dir}`))
    const broken = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId && layerRule(m.ruleId)).map((m) => `${r.filePath.slice(root.length)}:${m.line} ${m.message}`),
    )
    expect(results.length).toBeGreaterThan(100)
    expect(broken).toEqual([])
  }, 600_000)
})
