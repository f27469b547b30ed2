// The Text panel's form for each of its conversations (format, model, parameters, the draft being typed, the
// profile), kept by main beside the conversation's turns: `conversations/<id>.form.json` in the data folder,
// written atomically when the user leaves the conversation. A form is checked as the Text panel's saved state
// is (workspace.putPanel) on the way in and read back field by field on the way out; a damaged file is no form.
import { promises as fs } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../atomicFile'
import { readDataFile } from '../dataFile'
import { AppError } from '../../../shared/ipc/result'
import { conversationFormSchema, type ConversationForm } from '../../../shared/ipc/textConversations'
import { panelStateIssue, readPanelState } from '../../../shared/workspace/panelStates'
import { MAX_WORKSPACE_STATE } from '../../../shared/workspace/panels'
import { parseJsonBounded } from '../../../shared/jsonDepth'

export const CONVERSATIONS_FOLDER = 'conversations'

export class ConversationForms {
  constructor(private readonly dataDir: string) {}

  private path(id: string): string {
    return join(this.dataDir, CONVERSATIONS_FOLDER, `${id}.form.json`)
  }

  /** Refuses a form the Text panel could not read back, naming the field. */
  check(form: ConversationForm): void {
    const issue = panelStateIssue('text', form.state)
    if (issue) throw new AppError('TEXT_CONVERSATION_FORM_INVALID', `form: ${issue}`)
  }

  async write(id: string, form: ConversationForm): Promise<void> {
    this.check(form)
    await writeFileAtomic(this.path(id), JSON.stringify(form))
  }

  /** The form kept for a conversation; null when none was kept or it does not read back. */
  async read(id: string): Promise<ConversationForm | null> {
    const read = await readDataFile(this.dataDir, this.path(id), 3 * MAX_WORKSPACE_STATE + 1024).catch(
      () => null,
    )
    if (!read?.ok) return null
    try {
      const form = conversationFormSchema.parse(parseJsonBounded(read.text))
      const state = readPanelState('text', form.state)
      return state === null ? null : { state, profileId: form.profileId }
    } catch {
      return null
    }
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.path(id), { force: true })
  }
}
