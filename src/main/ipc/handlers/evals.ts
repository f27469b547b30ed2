// The evals domain: dataset files read into datasets main keeps and paged out, evals run for the window that
// asked (each cell an ordinary recorded text run, reported as it finishes, one end), stopped, exported; every
// eval stops when its window goes or the app closes.
import { evalsCommands } from '../../../shared/ipc/evals'
import type { Events } from '../../../shared/ipc/contract'
import { EvalService } from '../../services/evals/evalService'
import { TextService } from '../../services/text/textService'
import type { Handlers } from '../router'
import { defineDomain } from '../domain'

export function evalsHandlers(evals: EvalService): Handlers<typeof evalsCommands, Events> {
  return {
    'evals.openDataset': (input) => evals.openDataset(input),
    'evals.importSuite': (input) => evals.importSuite(input),
    'evals.rows': ({ datasetId, offset, limit }) => evals.rows(datasetId, offset, limit),
    'evals.start': (input, ctx) => evals.start(input, ctx.events),
    'evals.stop': ({ evalId }) => evals.stop(evalId),
    'evals.export': ({ evalId, format }) => evals.export(evalId, format),
  }
}

export const evalsDomain = defineDomain({
  name: 'evals',
  commands: evalsCommands,
  services: ({ profiles, gateway, media, history, log }) =>
    new EvalService({
      profiles,
      gateway,
      media,
      // The same text service code as the Text panel: every cell is an ordinary, recorded text run.
      text: new TextService({ profiles, gateway, media, recorder: history.recorder, log }),
    }),
  handlers: evalsHandlers,
  close: (evals) => evals.stopAll(),
})
