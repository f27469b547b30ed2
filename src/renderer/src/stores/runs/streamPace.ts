// The one pace at which a streaming answer on screen moves: the Text conversation and the Compare columns both
// fold their runs' events at it (`streamFolds`).

/**
 * How often a streaming answer is drawn at most (ms): 20 times a second. Text arrives up to 60 times a second;
 * drawing each piece costs a frame of style, layout and paint, and a reader does not read text coming in faster
 * than this.
 */
export const STREAM_DRAW_MS = 50
