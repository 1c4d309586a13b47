// The repository's import graph as TypeScript itself resolves it: every static import, re-export,
// `import type`, dynamic `import()` and `require()` between the repository's own TypeScript files.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One import: both ends as paths relative to the repository root, with `/` separators. */
export interface ImportEdge {
  from: string;
  to: string;
}

/** The files the graph spans and the imports between them. */
export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

/** The compiler options and root files of the repository's tsconfig.json. */
function project(root: string): ts.ParsedCommandLine {
  const configPath = path.join(root, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath);
}

/** Reads the import graph of the project rooted at `root`; imports of packages are left out. */
export function readImportGraph(rootPath: string): ImportGraph {
  const root = path.resolve(rootPath);
  const { options, fileNames } = project(root);
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join("/");
  const own = (file: string): boolean => {
    const rel = relative(file);
    return (
      !rel.startsWith("..") && !rel.split("/").some((part) => part === "node_modules" || part === "dist")
    );
  };
  const files = fileNames.filter((file) => own(file) && !file.endsWith(".d.ts"));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || !own(resolved.resolvedFileName)) continue;
      edges.push({ from: relative(file), to: relative(resolved.resolvedFileName) });
    }
  }
  return { files: files.map(relative).sort(), edges };
}
