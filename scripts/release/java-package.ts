// The Java SDK, when the repository has one (sdks/java with a Maven pom.xml): its jar, built with Maven.
import { cpSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { type Artifact, check, fileArtifact, type ReleaseContext, tool } from "./artifact";

/** Builds sdks/java's jar into the output folder; nothing when there is no Java SDK. */
export function javaPackage(ctx: ReleaseContext): Artifact[] {
  const sdk = path.join(ctx.root, "sdks", "java");
  if (!existsSync(sdk)) return [];
  check(existsSync(path.join(sdk, "pom.xml")), "sdks/java", "has no pom.xml for the release's Maven build");
  const source = path.join(ctx.scratch, "java");
  cpSync(sdk, source, { recursive: true });
  tool("mvn", ["-B", "-q", "-DskipTests", `-Drevision=${ctx.release.version}`, "package"], { cwd: source });
  const target = path.join(source, "target");
  const jars = readdirSync(target).filter((file) => file.endsWith(".jar"));
  check(jars.length > 0, "sdks/java", "the Maven build made no jar");
  for (const jar of jars) {
    check(jar.includes(ctx.release.version), jar, `is not named for version ${ctx.release.version}`);
    cpSync(path.join(target, jar), path.join(ctx.out, jar));
  }
  return jars.map((jar) => fileArtifact(ctx, "java-jar", jar));
}
