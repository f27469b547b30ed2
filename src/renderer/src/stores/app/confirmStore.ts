// One question at a time asked of the user before something they made is replaced or removed (a conversation
// with unsent turns, typed inputs). `askUser` answers a promise the dialog settles: true only when the user
// chose the action; Esc, Cancel or a newer question answer false, so nothing is replaced without a yes.
import { create } from 'zustand'

export interface Question {
  title: string
  message: string
  /** The label of the button that does it ("Replace", "Clear"). */
  confirm: string
  /** A second way to go on ("Keep both and send"), beside the confirm and Cancel. */
  alternative?: string
}

/** What the user chose: the confirm, the alternative, or null (Cancel, Esc, a newer question). */
export type Choice = 'confirm' | 'alternative' | null

interface ConfirmState {
  question: (Question & { answer: (choice: Choice | boolean) => void }) | null
}

export const useConfirmStore = create<ConfirmState>(() => ({ question: null }))

/** Asks the user; resolves with what they chose. */
export function askChoice(question: Question): Promise<Choice> {
  useConfirmStore.getState().question?.answer(null)
  return new Promise((resolve) => {
    useConfirmStore.setState({
      question: {
        ...question,
        answer: (choice) => {
          useConfirmStore.setState({ question: null })
          resolve(choice === true ? 'confirm' : choice === false ? null : choice)
        },
      },
    })
  })
}

/** Asks the user; resolves true when they chose `question.confirm`. */
export function askUser(question: Question): Promise<boolean> {
  return askChoice(question).then((choice) => choice === 'confirm')
}
