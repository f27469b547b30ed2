// The text domain's plain constants: how many characters of turns JSON cross IPC in one message (M1), the
// longest variable value, and the Text panel's conversation id. The renderer's conversation store reads them at start; text.ts (whose schemas
// enforce them) stays out of its first load.

/** Characters of turns JSON one `text.putTurns` piece may carry: at most ~192 KB even in 3-byte UTF-8 (M1). */
export const TURNS_PIECE_CHARS = 64 * 1024

/** Characters of turns JSON a `text.startRun` may carry inline: at most ~96 KB even in 3-byte UTF-8 (M1). */
export const INLINE_TURNS_CHARS = 32 * 1024

/** The Text panel's conversation: the one main saves in the data folder and reads back at start. */
export const TEXT_PANEL_CONVERSATION_ID = 'text-panel'

/** The Compare panel's carried turns: the conversation main saves beside the Text panel's and every column sends. */
export const COMPARE_PANEL_CONVERSATION_ID = 'compare-panel'

/** The longest value one `{{variable}}` may hold (M1: far under 256 KB with all of them together). */
export const VARIABLE_VALUE_CHARS = 32_000
