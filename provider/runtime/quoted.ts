/**
 * Text as a double-quoted JavaScript string literal that stays on one line and shows what it holds:
 * JSON's escapes, plus `\uXXXX` for DEL, the C1 controls, the line and paragraph separators (which
 * end a `//` comment) and unpaired surrogates. Used in TypeScript programs and in messages and notes.
 */
export const quoted = (text: string): string =>
  JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff]/g,
    (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
