import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { check, PathSegment } from "../core/validate";

/** A space (workspace); `token` is the public id used in paths. */
export const Space = z.looseObject({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  agent_handle: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Space = z.infer<typeof Space>;

/** `/spaces/`. */
export class Spaces extends APIResource {
  /** Spaces of the `Org-Handle` organization (or of every organization of the token without one). */
  list(params?: PageParams, options?: RequestOptions): PagePromise<Space> {
    return this._list("/spaces/", Space, params, options);
  }

  /** One space by its token; NotFoundError if unknown. */
  retrieve(spaceToken: string, options?: RequestOptions): Promise<Space> {
    return this._t.request({
      method: "GET",
      path: "/spaces/{space_token}/",
      args: () => ({ params: { space_token: check(PathSegment, spaceToken, "spaceToken") } }),
      schema: Space,
      options,
    });
  }
}
