// The most versions of one answer a conversation's turn keeps (the one shown and its alternates): Regenerate past
// it lets the oldest go. Schema-free, so the renderer's first load can read it without zod.
export const ANSWER_VERSIONS_MAX = 10
