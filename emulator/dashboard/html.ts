// HTML built only through the `html` tag: every interpolated value is escaped unless it is
// already `Html` made by the tag, so no stored text (a bridge named `<script>`) becomes markup.

/** A fragment of markup that is safe to insert as is (made by `html` only). */
export class Html {
  /** Only `html` and `join` make one; text never becomes `Html` unescaped. */
  private constructor(readonly markup: string) {}

  /** @internal Wrap markup the tag has already escaped. */
  static trusted(markup: string): Html {
    return new Html(markup);
  }

  /** The markup. */
  toString(): string {
    return this.markup;
  }
}

/** What may be interpolated: text (escaped), numbers, fragments, lists of these; null/false render nothing. */
export type Value = string | number | Html | null | undefined | false | readonly Value[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escape text for an element's content or a quoted attribute value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map((v: Value) => render(v)).join("");
  return escapeHtml(String(value));
}

/** The tag: `html\`<td>${name}</td>\`` escapes `name`. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return Html.trusted(out);
}

/** A URL path from segments, each percent-encoded (to be interpolated into an attribute by `html`). */
export function pathOf(...segments: (string | number)[]): string {
  return `/${segments.map((s) => encodeURIComponent(String(s))).join("/")}`;
}
