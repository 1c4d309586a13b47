// The .NET SDK: the generated project, copied for the workflow's `dotnet pack` (no .NET SDK builds here).
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Artifact, check, folderArtifact, type ReleaseContext } from "./artifact";

/** Copies sdks/dotnet to `dotnet/` in the output folder and checks the package metadata it carries. */
export function dotnetProject(ctx: ReleaseContext): Artifact[] {
  const tree = path.join(ctx.out, "dotnet");
  cpSync(path.join(ctx.root, "sdks", "dotnet"), tree, { recursive: true });
  const project = readFileSync(path.join(tree, "Pulumi.Voice.csproj"), "utf8");
  const { version, license } = ctx.release;
  const property = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(project)?.[1];
  check(
    property("Version") === version,
    "dotnet/Pulumi.Voice.csproj",
    `Version is ${property("Version")}, not ${version}`,
  );
  check(
    property("PackageLicenseExpression") === license,
    "dotnet/Pulumi.Voice.csproj",
    `PackageLicenseExpression is "${property("PackageLicenseExpression")}", not ${license}`,
  );
  check(Boolean(property("RepositoryUrl")), "dotnet/Pulumi.Voice.csproj", "names no RepositoryUrl");
  return [folderArtifact(ctx, "dotnet-project", "dotnet")];
}
