// Joins the per-domain handlers (handlers/<domain>.ts) into one table for the router. A new domain adds
// one file there and one spread here.
import type { Commands, Events } from '../../shared/ipc/contract'
import type { Handlers } from './router'
import type { HandlerDeps } from './handlers/deps'
import { appHandlers } from './handlers/app'
import { profilesHandlers } from './handlers/profiles'
import { textHandlers } from './handlers/text'
import { mediaHandlers } from './handlers/media'
import { videoHandlers } from './handlers/video'

export type { HandlerDeps } from './handlers/deps'

export function createHandlers(deps: HandlerDeps): Handlers<Commands, Events> {
  return {
    ...appHandlers(deps),
    ...profilesHandlers(deps),
    ...textHandlers(deps),
    ...mediaHandlers(deps),
    ...videoHandlers(deps),
  }
}
