// What handlers may use: services built by the app core. Handlers never see a WebContents or a socket.
import type { HostInfo } from '../../../shared/ipc/app'
import type { ProfileService } from '../../services/profiles'
import type { GatewayClient } from '../../services/gateway'
import type { TextService } from '../../services/text/textService'
import type { MediaStore } from '../../services/mediaStore'
import type { VideoJobService } from '../../services/video/videoJobs'
import type { MediaImports } from '../../services/mediaImport'

export interface HandlerDeps {
  profiles: ProfileService
  gateway: GatewayClient
  text: TextService
  media: MediaStore
  video: VideoJobService
  mediaImports: MediaImports
  hostInfo: () => HostInfo
  /** Opens a URL in the OS browser; only ever called with a URL that passed isSafeExternalUrl. */
  openExternal: (url: string) => Promise<void>
}
