// The impact core runs where the engine does not (the report command, the fleet report, a policy
// pack): nothing it loads at run time may load the engine's SDK. Type-only imports load nothing.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../fixtures/engine";

/** The module specifiers a file loads at run time (type-only imports and exports left out). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          bindings !== undefined &&
          ts.isNamedImports(bindings) &&
          bindings.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const onlyTypes =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    }
  }
  return found;
}

/** Every package a set of entry files loads at run time, through their relative imports. */
function packagesLoaded(entries: readonly string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith(".")) {
        if (!packages.has(specifier)) packages.set(specifier, path.relative(repoRoot, file));
        continue;
      }
      const base = path.resolve(path.dirname(file), specifier);
      const target = [`${base}.ts`, path.join(base, "index.ts")].find(existsSync);
      if (target === undefined) throw new Error(`${file}: cannot resolve ${specifier}`);
      visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return packages;
}

describe("the impact core", () => {
  it("loads no engine SDK: the core and every type's touches", () => {
    const resources = path.join(repoRoot, "provider/resources");
    const touches = readdirSync(resources, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(resources, d.name, "impact.ts"));
    expect(touches.filter(existsSync)).toHaveLength(touches.length);
    const loaded = packagesLoaded([path.join(repoRoot, "provider/impact/index.ts"), ...touches]);
    const engine = [...loaded]
      .filter(([pkg]) => pkg.startsWith("@pulumi/"))
      .map(([pkg, by]) => `${by}: ${pkg}`);
    expect(engine).toEqual([]);
    expect([...loaded.keys()]).toContain("zod");
  });
});
