// One question at a time asked of the user before something they made is replaced or removed (a conversation
// with unsent turns, typed inputs). `askUser` answers a promise the dialog settles: true only when the user
// chose the action; Esc, Cancel or a newer question answer false, so nothing is replaced without a yes.
import { create } from 'zustand'

export interface Question {
  title: string
  message: string
  /** The label of the button that does it ("Replace", "Clear"). */
  confirm: string
}

interface ConfirmState {
  question: (Question & { answer: (yes: boolean) => void }) | null
}

export const useConfirmStore = create<ConfirmState>(() => ({ question: null }))

/** Asks the user; resolves true when they chose `question.confirm`. */
export function askUser(question: Question): Promise<boolean> {
  useConfirmStore.getState().question?.answer(false)
  return new Promise((resolve) => {
    useConfirmStore.setState({
      question: {
        ...question,
        answer: (yes) => {
          useConfirmStore.setState({ question: null })
          resolve(yes)
        },
      },
    })
  })
}
