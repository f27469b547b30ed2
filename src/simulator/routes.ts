// The simulator's route table: every endpoint module exports a SimRoute[] and is spread in here.
// Keep this file a plain list of imports and spreads; the server matches routes in this order.
import type { SimRoute } from './types'
import { textRoutes } from './text/routes'
import { embeddingRoutes } from './embeddings'
import { rerankRoutes } from './rerank'
import { videoRoutes } from './video'
import { consoleRoutes } from './console'
import { mediaRoutes } from './media'
import { modelListRoutes } from './models'

export const routes: SimRoute[] = [
  ...textRoutes,
  ...embeddingRoutes,
  ...rerankRoutes,
  ...videoRoutes,
  ...consoleRoutes,
  ...mediaRoutes,
  ...modelListRoutes,
]
