/**
 * Sliced, resumable upload: the pure parts shared by the browser client, the server and the bench
 * (spec 02 §9): how a file is cut, how many requests run at once, how a request is retried, how
 * often progress is reported, and what a server error code means. One module per concern under
 * ./slice/; this entry keeps the one import path the client, the server and the bench use.
 */
export * from './slice/plan';
export * from './slice/errors';
export * from './slice/attempts';
export * from './slice/scheduler';
export * from './slice/progress';
export * from './slice/sha1';
