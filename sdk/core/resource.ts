import type { z } from "zod";
import { type PageParams, PagePromise } from "./pagination";
import type { RequestArgs, RequestOptions, Transport } from "./transport";
import { check, PageParams as PageParamsSchema } from "./validate";

/** List choices besides the item schema. */
export interface ListExtras {
  /** Checks the list params and turns them into request arguments (default: page params as query). */
  args?: (params: unknown) => RequestArgs;
  /** Send `Product-ID` (default false). */
  productId?: boolean;
}

const pageArgs = (params: unknown): RequestArgs => ({ query: check(PageParamsSchema, params, "params") });

/** Base of the resource classes: holds the transport and builds paginated lists. */
export abstract class APIResource {
  protected readonly _t: Transport;

  constructor(transport: Transport) {
    this._t = transport;
  }

  /** A lazy, iterable list of `item`s at `path`; params are checked when it is awaited. */
  protected _list<S extends z.ZodType, P extends PageParams>(
    path: string,
    item: S,
    params: P | undefined,
    options: RequestOptions | undefined,
    extras: ListExtras = {},
  ): PagePromise<z.output<S>> {
    const toArgs = extras.args ?? pageArgs;
    return new PagePromise<z.output<S>>(
      (p) =>
        this._t.request({
          method: "GET",
          path,
          schema: item,
          list: true,
          args: () => toArgs(p),
          productId: extras.productId === true,
          options,
        }),
      params ?? {},
    );
  }
}
