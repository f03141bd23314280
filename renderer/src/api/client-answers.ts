import type { z } from 'zod';
import type { FileAnswer, RouteSpec, StatusOf } from '../../../shared/api/route';

/*
 * What the page reads from a route of the table (shared/api/): typed here, not in shared/, because
 * a file answer arrives as the browser's File, a global the main side does not share.
 */

type IsSuccess<S extends number> = `${S}` extends `2${string}` ? true : false;

/** What the client reads for one status: the schema's output, a File (its bytes and the server's name for it), or nothing. */
type ClientBody<Part> = Part extends z.ZodType ? z.output<Part> : Part extends FileAnswer ? File : undefined;

/**
 * What the client reads: any declared status, its body parsed by that status's schema; `queuedOp`
 * when the desk queued the write for the remote (proxy mode, the remote not answering).
 */
export type ClientAnswer<R extends RouteSpec> = {
  [S in StatusOf<R>]: { status: S; body: ClientBody<R['responses'][S]>; queuedOp?: number };
}[StatusOf<R>];

/** The body of a success (2xx): what a plain call returns; other statuses are thrown as errors. */
export type SuccessBody<R extends RouteSpec> = {
  [S in StatusOf<R>]: IsSuccess<S> extends true ? ClientBody<R['responses'][S]> : never;
}[StatusOf<R>];
