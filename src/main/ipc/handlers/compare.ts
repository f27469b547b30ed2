// The compare domain: the columns run as ordinary text runs; main receives the comparison's export in pieces
// and saves it (dialog on the desktop, a download URL in browser mode).
import { compareCommands } from '../../../shared/ipc/compare'
import { CompareExports } from '../../services/compare/compareExports'
import { defineDomain } from '../domain'

export const compareDomain = defineDomain({
  name: 'compare',
  commands: compareCommands,
  services: (ctx) => new CompareExports({ media: ctx.media, saveDialog: ctx.saveDialog }),
  handlers: (exports) => ({
    'compare.putExport': (input) => exports.put(input),
  }),
})
