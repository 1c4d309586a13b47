import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";

/** A voice agent; `handle` identifies it in paths and as a task assignee. */
export const Agent = z.looseObject({
  handle: z.string(),
  name: z.string(),
  type: z.string(),
  state: z.string(),
  purpose: z.string().nullish(),
});
export type Agent = z.infer<typeof Agent>;

/** `/agents/`. */
export class Agents extends APIResource {
  /** Agents of the `Org-Handle` organization (or of every organization of the token without one). */
  list(params?: PageParams, options?: RequestOptions): PagePromise<Agent> {
    return this._list("/agents/", Agent, params, options);
  }
}
