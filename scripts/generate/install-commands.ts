// The install commands of a release, per language, as docs/installation-configuration.md shows them:
// package names, the version and the plugin's download URL all come from the package schema and
// package.json, so a version bump regenerates them (`node dist/scripts/generate/gen-docs.js`).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PackageSchema } from "../../provider/plugin/schema";
import { repoRoot } from "../tools/engine";

const setting = (schema: PackageSchema, language: string, key: string): string | undefined => {
  const value = schema.language[language]?.[key];
  return typeof value === "string" ? value : undefined;
};

/** The Java lines: Maven and Gradle coordinates, when the schema configures a Java SDK. */
function javaInstall(schema: PackageSchema): string[] {
  if (!schema.language.java) return ["Java: no SDK in this release."];
  const group = setting(schema, "java", "basePackage") ?? "com.pulumi";
  const { name, version } = schema;
  return [
    "Java (Maven Central), in `pom.xml`, or the Gradle line after it:",
    "",
    "```xml",
    `<dependency>\n  <groupId>${group}</groupId>\n  <artifactId>${name}</artifactId>\n  <version>${version}</version>\n</dependency>`,
    "```",
    "",
    "```kotlin",
    `implementation("${group}:${name}:${version}")`,
    "```",
  ];
}

/** One command per language to add the package to a project, and the plugin install for YAML. */
export function renderInstall(schema: PackageSchema): string {
  const npmName = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { name: string })
    .name;
  const { name, version, pluginDownloadURL } = schema;
  const python = setting(schema, "python", "packageName") ?? `pulumi_${name}`;
  const go = setting(schema, "go", "importBasePath") ?? "";
  const dotnet = `${setting(schema, "csharp", "rootNamespace") ?? "Pulumi"}.${name[0]?.toUpperCase()}${name.slice(1)}`;
  return [
    `Version ${version}, once published:`,
    "",
    "```sh",
    "# TypeScript, JavaScript (npm; the native SDK is its subpath /native)",
    `npm install ${npmName}@${version} @pulumi/pulumi`,
    "# Python (PyPI)",
    `pip install ${python}==${version}`,
    "# Go",
    `go get ${go}@v${version}`,
    "# .NET (NuGet)",
    `dotnet add package ${dotnet} --version ${version}`,
    "# Pulumi YAML: no SDK, the plugin once per machine",
    `pulumi plugin install resource ${name} ${version} --server ${pluginDownloadURL}`,
    "```",
    "",
    ...javaInstall(schema),
  ].join("\n");
}
