import type { AuthStrategy } from "./auth";

/** The per-call choices that shape a request's headers. */
export interface HeaderChoice {
  sendOrg: boolean;
  sendProduct: boolean;
  hasBody: boolean;
  /** Per-call overrides of the client's `Org-Handle` and `Product-ID`. */
  orgHandle?: string | undefined;
  productId?: string | undefined;
}

/**
 * Builds a transport's request headers. Without per-call overrides they depend only on three flags
 * and the auth strategy's headers, so each combination is built once and reused (frozen: undici only
 * reads them) for as long as the strategy answers the same headers object.
 */
export class RequestHeaders {
  readonly #cache: Array<Readonly<Record<string, string>> | undefined> = new Array(8).fill(undefined);
  /** The auth headers the cached combinations were built from. */
  #auth: Readonly<Record<string, string>> | undefined;

  constructor(
    private readonly auth: AuthStrategy,
    private readonly userAgent: string,
    private readonly orgHandle: string | undefined,
    private readonly productId: string | undefined,
  ) {}

  /** The headers of one call. */
  for(choice: HeaderChoice): Readonly<Record<string, string>> {
    if (choice.orgHandle !== undefined || choice.productId !== undefined) return this.#build(choice);
    const auth = this.auth.headers();
    if (auth !== this.#auth) {
      this.#auth = auth;
      this.#cache.fill(undefined);
    }
    const key = (choice.sendOrg ? 1 : 0) | (choice.sendProduct ? 2 : 0) | (choice.hasBody ? 4 : 0);
    let h = this.#cache[key];
    if (h === undefined) {
      h = Object.freeze(this.#build(choice));
      this.#cache[key] = h;
    }
    return h;
  }

  #build(choice: HeaderChoice): Record<string, string> {
    const h: Record<string, string> = {
      ...this.auth.headers(),
      accept: "application/json",
      "user-agent": this.userAgent,
    };
    if (choice.hasBody) h["content-type"] = "application/json";
    const org = choice.orgHandle ?? this.orgHandle;
    if (choice.sendOrg && org !== undefined) h["org-handle"] = org;
    const product = choice.productId ?? this.productId;
    if (choice.sendProduct && product !== undefined) h["product-id"] = product;
    return h;
  }
}
