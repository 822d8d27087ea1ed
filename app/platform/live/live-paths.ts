/**
 * Where the live channel is: the event stream an open page follows, and the
 * revision it polls when the stream cannot be had. The routes, the browser's
 * channel and robots.txt all name them from here.
 */
export const LIVE_STREAM_PATH = "/live";
export const LIVE_REVISION_PATH = "/live/revision";
