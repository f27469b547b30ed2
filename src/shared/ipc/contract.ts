// The whole renderer↔main contract: every command and event, joined from one file per domain.
// The route list is snapshot-tested (S5); a new route is a reviewed change.
import { appCommands } from './app'
import { profilesCommands } from './profiles'
import { textCommands, textEvents } from './text'
import { textConversationCommands } from './textConversations'
import { mediaCommands } from './media'
import { videoCommands, videoEvents } from './video'
import { imagesCommands } from './images'
import { jobsCommands, jobsEvents } from './jobs'
import { embeddingsCommands } from './embeddings'
import { compareCommands } from './compare'
import { historyCommands, historyEvents } from './history'
import { casesCommands, casesEvents } from './cases'
import { checkCommands, checkEvents } from './check'
import { evalsCommands, evalsEvents } from './evals'
import { loadCommands, loadEvents } from './load'
import { workspaceCommands } from './workspace'
import { toolsCommands, toolsEvents } from './tools'
import { pricesCommands } from './prices'
import { modelsCommands } from './models'
import type { CommandMap, EventMap } from './define'

export const commands = {
  ...appCommands,
  ...profilesCommands,
  ...textCommands,
  ...textConversationCommands,
  ...mediaCommands,
  ...videoCommands,
  ...imagesCommands,
  ...jobsCommands,
  ...embeddingsCommands,
  ...compareCommands,
  ...historyCommands,
  ...casesCommands,
  ...checkCommands,
  ...evalsCommands,
  ...loadCommands,
  ...workspaceCommands,
  ...toolsCommands,
  ...pricesCommands,
  ...modelsCommands,
} satisfies CommandMap

export const events = {
  ...textEvents,
  ...videoEvents,
  ...jobsEvents,
  ...casesEvents,
  ...checkEvents,
  ...evalsEvents,
  ...loadEvents,
  ...historyEvents,
  ...toolsEvents,
} satisfies EventMap

export type Commands = typeof commands
export type Events = typeof events
export type Route = keyof Commands
export type EventName = keyof Events
