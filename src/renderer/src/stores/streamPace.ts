// The one pace at which a streaming answer on screen moves: the Text conversation (`useDrawnRun`) and the
// Compare columns (`compareFolds`) both keep it.

/**
 * How often a streaming answer is drawn at most (ms): 20 times a second. Text arrives up to 60 times a second;
 * drawing each piece costs a frame of style, layout and paint, and a reader does not read text coming in faster
 * than this.
 */
export const STREAM_DRAW_MS = 50
