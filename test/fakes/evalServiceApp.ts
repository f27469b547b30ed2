// An EvalService over a real data folder (datasets and runs on disk, a real media store), as the app composes it,
// with no gateway behind it: for tests of datasets kept, edited and exported. Each service made is closed by `closeAll`.
import { join } from 'node:path'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { EvalService } from '../../src/main/services/evals/evalService'
import type { SaveDialog } from '../../src/main/services/video/ports'
import { InMemorySecretStore, InMemorySettingsStore } from './memory'

const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
const gateway = new GatewayClient({ knownSecrets: () => profiles.knownSecrets() })
const open: EvalService[] = []

export function evalServiceApp(dataDir: string, saveDialog?: SaveDialog) {
  const media = new MediaStore(join(dataDir, 'media'), (id) => `/media/${id}`)
  const service = new EvalService({
    text: new TextService({ profiles, gateway, media }),
    gateway,
    profiles,
    media,
    dataDir,
    saveDialog,
  })
  open.push(service)
  /** A dataset file imported as the panel does: into the media store, then read by name. */
  const importFile = async (name: string, text: string) => {
    const info = await media.putBytes(Buffer.from(text), 'text/plain', name)
    return service.openDataset({ mediaId: info.id, fileName: name })
  }
  return { service, media, importFile }
}

export async function closeAll(): Promise<void> {
  for (const s of open.splice(0)) await s.close()
}
