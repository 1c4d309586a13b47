// A Java program over the generated Java SDK (sdks/java, examples/java). Maven builds the SDK's jar the way
// a release does (scripts/build/java-sdk-jar), installs it into the local Maven repository as a user's build
// would fetch it, and builds the example against it, once; the program then runs through the real engine
// (Pulumi's Java language host from scripts/tools/pulumi-engine, running the example's jar; the plugin from
// <repo>/bin) against the emulator: up and a preview that finds no change. `runtime: java` through Maven,
// and destroy, run as a user runs them in test/docs/install/java.test.ts.
import { execFile } from "node:child_process";
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTRY } from "../../../provider/resources/registry";
import { makeTempDir, repoRoot, type TempDir } from "../../fixtures/engine";
import { EXAMPLE_CONFIG, useLanguageStack } from "../../fixtures/language-stack";
import { INSTALL_MS, limitFor } from "../../fixtures/limits";
import { codeBlocks } from "../../fixtures/markdown";
import { plainExport, SECRETS } from "../../fixtures/voice-stack";

const run = promisify(execFile);
const example = path.join(repoRoot, "examples", "java");
/** One Maven run: a first downloads Maven's plugins and Pulumi's Java SDK (46 MB); later ones are offline. */
const MAVEN_TIMEOUT_MS = INSTALL_MS;
const MAVEN = ["-B", "--no-transfer-progress", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"];
/** What examples/java's `mvn package` writes: the program with every dependency, run without Maven. */
const PROGRAM_JAR = "target/voice-java-1.0-SNAPSHOT-jar-with-dependencies.jar";

/** Runs Maven in `cwd`; a failure carries the end of Maven's output, which is where its errors are. */
async function maven(args: string[], cwd: string): Promise<void> {
  try {
    await run("mvn", [...MAVEN, ...args], { cwd, timeout: MAVEN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { message: string; stdout?: string };
    throw new Error(`${failed.message}\n${(failed.stdout ?? "").split("\n").slice(-40).join("\n")}`);
  }
}

interface Built {
  scratch: TempDir;
  /** The SDK's jar, as scripts/build/java-sdk-jar writes it. */
  sdkJar: string;
  /** A copy of examples/java, built, whose Pulumi.yaml runs its jar and names the plugin by absolute path. */
  program: string;
}

/** Writes examples/java's Pulumi.yaml into `program`, running the jar `mvn package` made and naming the plugin by absolute path. */
async function writeProject(program: string): Promise<void> {
  const project = (await readFile(path.join(example, "Pulumi.yaml"), "utf8")).replace(
    "path: ../../bin",
    `path: ${path.join(repoRoot, "bin")}`,
  );
  await writeFile(
    path.join(program, "Pulumi.yaml"),
    project.replace("runtime: java", `runtime:\n  name: java\n  options:\n    binary: ${PROGRAM_JAR}`),
  );
}

/** Builds the SDK's jar, installs it into the local Maven repository and builds the example against it. */
async function build(): Promise<Built> {
  // Maven and a JDK, from Debian's packages when missing (scripts/build/java-sdk-jar asks for them too).
  await run(path.join(repoRoot, "scripts", "tools", "maven"), [], { timeout: MAVEN_TIMEOUT_MS });
  const scratch = await makeTempDir("pulumi-voice-java-");
  const { stdout } = await run(
    path.join(repoRoot, "scripts", "build", "java-sdk-jar"),
    [path.join(scratch.path, "sdk")],
    {
      timeout: MAVEN_TIMEOUT_MS,
    },
  );
  const sdkJar = stdout.trim().split("\n").pop() ?? "";
  await maven(
    [
      "org.apache.maven.plugins:maven-install-plugin:3.1.2:install-file",
      `-Dfile=${sdkJar}`,
      `-DpomFile=${sdkJar.replace(/\.jar$/, ".pom")}`,
    ],
    scratch.path,
  );
  const program = path.join(scratch.path, "program");
  await cp(example, program, { recursive: true, filter: (source) => !source.includes(`${path.sep}target`) });
  await writeProject(program);
  await maven(["package"], program);
  return { scratch, sdkJar, program };
}

/** The names in a jar. */
async function jarEntries(jar: string): Promise<string[]> {
  const { stdout } = await run("jar", ["tf", jar], { maxBuffer: 16 * 1024 * 1024 });
  return stdout.split("\n").filter(Boolean);
}

/** The text of one entry of a jar. */
async function jarText(jar: string, entry: string): Promise<string> {
  const dir = await makeTempDir("pulumi-voice-jar-");
  try {
    await run("jar", ["xf", jar, entry], { cwd: dir.path });
    return await readFile(path.join(dir.path, entry), "utf8");
  } finally {
    await dir.remove();
  }
}

let built: Built;

/** Compiles one Java source (`name` holding `code`) against the built example's jar: the SDK and Pulumi's. */
async function javac(dir: string, name: string, code: string): Promise<{ ok: boolean; errors: string }> {
  const source = path.join(built.scratch.path, dir, name);
  await mkdir(path.dirname(source), { recursive: true });
  await writeFile(source, code);
  const classes = path.join(built.scratch.path, dir, "classes");
  const classpath = path.join(built.program, PROGRAM_JAR);
  return run("javac", ["-d", classes, "-cp", classpath, source], { maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stderr }) => ({ ok: true, errors: stderr }),
    (error: { stderr?: string }) => ({ ok: false, errors: error.stderr ?? String(error) }),
  );
}

beforeAll(
  async () => {
    built = await build();
  },
  limitFor(0, 4),
); // Maven and a JDK, the SDK's jar, its install, the example's package
afterAll(() => built?.scratch.remove());

describe("the Java SDK", () => {
  it("builds into a jar at the package's version, with the resources a Java program reports", async () => {
    const { version } = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as {
      version: string;
    };
    expect(path.basename(built.sdkJar)).toBe(`voice-${version}.jar`);
    const entries = await jarEntries(built.sdkJar);
    for (const type of [...REGISTRY.map((d) => d.type), "VoiceFunctions"]) {
      expect(entries).toContain(`com/pulumi/voice/${type}.class`);
    }
    expect(await jarText(built.sdkJar, "com/pulumi/voice/version.txt")).toBe(version);
    expect(JSON.parse(await jarText(built.sdkJar, "com/pulumi/voice/plugin.json"))).toEqual({
      resource: true,
      name: "voice",
      version,
      server: (
        JSON.parse(await readFile(path.join(repoRoot, "schema.json"), "utf8")) as {
          pluginDownloadURL: string;
        }
      ).pluginDownloadURL,
    });
    // The example depends on the SDK at the package's version.
    expect(await readFile(path.join(example, "pom.xml"), "utf8")).toContain(
      `<voice.version>${version}</voice.version>`,
    );
  });

  it("compiles the Java example of the documentation's overview", async () => {
    const [block] = codeBlocks("docs/_index.md").filter((b) => b.lang === "java");
    const result = await javac("overview", "App.java", block?.code ?? "");
    expect(result).toEqual({ ok: true, errors: "" });
  });

  it("reports a program that misuses it: the answers are typed records", async () => {
    const app = await readFile(path.join(example, "src", "main", "java", "voice", "App.java"), "utf8");
    const result = await javac(
      "broken",
      "App.java",
      app
        .replace('.slug("support")', ".slug(42)")
        .replace("Organization::domainHandle", "Organization::domainHandel"),
    );
    expect(result.ok).toBe(false);
    expect(result.errors).toMatch(/App\.java:\d+: error: .*slug/);
    expect(result.errors).toMatch(/App\.java:\d+: error: invalid method reference[\s\S]*domainHandel/);
  });
});

describe("a Java program with the real engine", () => {
  const java = useLanguageStack({
    stackName: "java",
    program: { workDir: () => built.program },
    pieces: ["java"],
    config: EXAMPLE_CONFIG,
  });

  it(
    "up creates the resources and answers the invokes; a preview finds no change",
    async () => {
      const { stack, emu } = java;
      const up = await stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 5 });
      const state = await emu.admin.state();
      expect(state.bridges.map((b) => b.slug)).toEqual(["support"]);
      expect([state.links.length, state.trunks.length]).toEqual([1, 1]);
      expect(up.outputs.bridgeId?.value).toBe(state.bridges[0]?.id);
      expect(typeof up.outputs.configurationId?.value).toBe("number");
      expect(up.outputs.organizationCount?.value).toBeGreaterThan(0);
      // The program read the lookups' typed fields by name.
      expect(up.outputs.organizationHandles?.value).toContain(emu.orgHandle);
      expect(up.outputs.totalTasks?.value).toBeGreaterThan(0);

      expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 5 });

      const exported = await plainExport(stack);
      expect(exported).not.toContain(SECRETS.authToken);
      expect(exported).not.toContain(SECRETS.sipPassword);
    },
    // Each operation runs the program on a JVM, which compiles Pulumi's Java SDK as it goes: at a
    // load of 12 on 2 cores the two took over 120 s, so each counts as two.
    limitFor(2 * 2),
  );
});
