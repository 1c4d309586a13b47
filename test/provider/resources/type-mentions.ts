// Where the product's code names a resource type outside the type's own folder: the measure of "each
// resource type in one place". Comments are prose and do not count; identifiers and string literals do.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** A file naming a type, and the names it uses (as written). */
export interface Mention {
  readonly file: string;
  readonly type: string;
  readonly as: string;
}

/**
 * The ways code names a type: `SipTrunk`, `SIP_TRUNK`, and for a name of several words `sipTrunk`
 * and `sip-trunk`. A one-word type's lower-case form (`bridge`) is left out: it is the platform's
 * own word (its `/telephony/bridges/` API, a lookup's records), not the resource type.
 */
export function spellings(type: string): string[] {
  const words = type.split(/(?=[A-Z])/);
  const forms = [type, words.map((w) => w.toUpperCase()).join("_")];
  if (words.length > 1) {
    forms.push(words.map((w) => w.toLowerCase()).join("-"));
    forms.push(`${words[0]?.toLowerCase()}${words.slice(1).join("")}`);
  }
  return forms;
}

/** The TypeScript files under `dirs` (relative to `root`), as `/`-separated relative paths. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(rel);
      return rel.endsWith(".ts") && !rel.endsWith(".d.ts") ? [rel] : [];
    });
  return dirs.flatMap(walk).sort();
}

/**
 * Every identifier that is a spelling of a type, and every string literal (template parts and
 * module paths included) holding one as a whole word, in one file; imports from the SDK aside.
 */
export function mentions(root: string, file: string, types: readonly string[]): Mention[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const forms = types.flatMap((type) =>
    spellings(type).map((as) => ({ type, as, word: new RegExp(`(?<![\\w-])${as}(?![\\w-])`) })),
  );
  const found = new Map<string, Mention>();
  const visit = (node: ts.Node): void => {
    // The SDK speaks the platform's words: importing its `SipTrunk` record schema (under another local
    // name) is not naming the resource type; using the name in the file's own code is.
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (/(^|\/)sdk$/.test(node.moduleSpecifier.text)) return;
    }
    const identifier = ts.isIdentifier(node) || ts.isPrivateIdentifier(node);
    const literal = ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node);
    if (identifier || literal) {
      for (const { type, as, word } of forms) {
        const named = identifier ? node.text === as : word.test(node.text);
        if (named) found.set(`${type} ${as}`, { file, type, as });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found.values()];
}
