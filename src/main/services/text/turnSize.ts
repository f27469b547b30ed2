// The size of turns as JSON text, in characters, worked out once per turn: turns are never mutated, so a turn's
// size is cached by identity. The conversation store bounds what it keeps by these sizes and saves its
// conversation without stringifying it to measure it, so no change costs a pass over every turn (S9).
import type { DraftMessage } from '../../../shared/wire'

const sizes = new WeakMap<DraftMessage, number>()

/** `JSON.stringify(turn).length`, computed the first time it is asked for. */
export function turnChars(turn: DraftMessage): number {
  let size = sizes.get(turn)
  if (size === undefined) {
    size = JSON.stringify(turn).length
    sizes.set(turn, size)
  }
  return size
}

/** `JSON.stringify(turns).length`: the brackets, the turns and the commas between them. */
export function turnsChars(turns: readonly DraftMessage[]): number {
  let total = 2 + Math.max(0, turns.length - 1)
  for (const turn of turns) total += turnChars(turn)
  return total
}
