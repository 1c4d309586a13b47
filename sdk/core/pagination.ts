import type { ListResult } from "./envelope";

/** `page`/`page_size` of a list call; without both the platform answers every record at once. */
export interface PageParams {
  page?: number | undefined;
  page_size?: number | undefined;
}

/** Fetches one page of a list for the given page parameters. */
export type PageFetcher<T> = (params: PageParams) => Promise<ListResult<T>>;

/** The platform's page size when only `page` is given (spec, Limits). */
const DEFAULT_PAGE_SIZE = 20;

/** One answer of a list endpoint. Iterate it (`for await`) to walk this page and every later one. */
export class Page<T> implements AsyncIterable<T> {
  /** The records of this page. */
  readonly data: T[];
  /** Total records as the platform reported it (`count`); when it did not, the records seen so far. */
  readonly count: number;
  /** The page parameters this page was fetched with. */
  readonly params: Readonly<PageParams>;
  readonly #reportedCount: number | undefined;
  readonly #fetch: PageFetcher<T>;

  constructor(fetch: PageFetcher<T>, params: PageParams, result: ListResult<T>) {
    this.#fetch = fetch;
    this.params = params;
    this.data = result.data;
    this.#reportedCount = result.count;
    this.count = result.count ?? this.#offset() + result.data.length;
  }

  /** Whether a later page exists; always false for an unpaginated (all records) answer. */
  hasNextPage(): boolean {
    return this.nextPageParams() !== null;
  }

  /** Parameters of the next page, or `null` on the last one. */
  nextPageParams(): PageParams | null {
    if (!this.#paginated() || this.data.length === 0) return null;
    const size = this.#size();
    const page = this.params.page ?? 1;
    if (this.#reportedCount !== undefined) {
      return page * size < this.#reportedCount ? { ...this.params, page: page + 1 } : null;
    }
    // No total: a full page suggests more; a longer one means the server ignored pagination.
    return this.data.length === size ? { ...this.params, page: page + 1 } : null;
  }

  /** Fetches the next page; rejects when there is none. */
  async getNextPage(): Promise<Page<T>> {
    const next = this.nextPageParams();
    if (next === null) throw new Error("No next page: check hasNextPage() first");
    return new Page(this.#fetch, next, await this.#fetch(next));
  }

  /** This page and every later one. */
  async *iterPages(): AsyncGenerator<Page<T>> {
    let page: Page<T> = this;
    for (;;) {
      yield page;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.iterPages()) yield* page.data;
  }

  #paginated(): boolean {
    return this.params.page !== undefined || this.params.page_size !== undefined;
  }

  #size(): number {
    return this.params.page_size ?? DEFAULT_PAGE_SIZE;
  }

  #offset(): number {
    return this.#paginated() ? ((this.params.page ?? 1) - 1) * this.#size() : 0;
  }
}

/**
 * What `list()` returns: `await` it for the first {@link Page}, or `for await` over it for every
 * record across pages. Lazy: nothing is sent until it is awaited or iterated.
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  readonly #fetch: PageFetcher<T>;
  readonly #params: PageParams;
  #first: Promise<Page<T>> | undefined;

  constructor(fetch: PageFetcher<T>, params: PageParams = {}) {
    this.#fetch = fetch;
    this.#params = params;
  }

  #page(): Promise<Page<T>> {
    this.#first ??= this.#fetch(this.#params).then((r) => new Page(this.#fetch, this.#params, r));
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is deliberately awaitable
  then<R1 = Page<T>, R2 = never>(
    onfulfilled?: ((value: Page<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#page().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<T> | R> {
    return this.#page().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<T>> {
    return this.#page().finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    const first = await this.#page();
    yield* first;
  }

  get [Symbol.toStringTag](): string {
    return "PagePromise";
  }
}
