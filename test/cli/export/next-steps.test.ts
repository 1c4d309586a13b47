// What `export` prints for the user to run: each install a new user needs, named as the release offers it.
// test/scripts/release/main.test.ts runs the printed install lines against the release's files.
import { describe, expect, it } from "vitest";
import { nextSteps } from "../../../cli/export/next-steps";

const base = {
  out: "/work/acme",
  stack: "acme",
  takeOver: "adopt" as const,
  secrets: [],
  pluginPath: undefined,
  version: "1.2.3",
};
const host = `${{ linux: "linux", darwin: "darwin", win32: "windows" }[process.platform as string]}-${{ x64: "amd64", arm64: "arm64" }[process.arch as string]}`;

describe("export's next steps", () => {
  it("TypeScript from the registry: before the version is on npm, export again with --package-spec naming the release's tarball", () => {
    const printed = nextSteps({ ...base, language: "typescript", packageSpec: "^1.2.3" });
    expect(printed).toContain(
      "# there, export again adding --package-spec file:<dir>/pulumi-voice-platform-1.2.3.tgz, <dir> the folder of the release's npm tarball.",
    );
    expect(printed.split("\n").slice(0, 5)).toEqual([
      "cd /work/acme",
      expect.stringMatching(/^# package\.json takes pulumi-voice-platform@\^1\.2\.3 from the npm registry/),
      expect.stringMatching(/^# there, export again/),
      "npm install",
      "pulumi stack init acme",
    ]);
  });

  it("TypeScript from a tarball or a checkout (file:): npm install alone", () => {
    const printed = nextSteps({ ...base, language: "typescript", packageSpec: "file:/tmp/p.tgz" });
    expect(printed).not.toContain("--package-spec");
    expect(printed.split("\n").slice(0, 3)).toEqual([
      "cd /work/acme",
      "npm install",
      "pulumi stack init acme",
    ]);
  });

  it("YAML: the plugin installed from the release's archive for this machine, unless Pulumi.yaml names its folder", () => {
    const printed = nextSteps({ ...base, language: "yaml", packageSpec: undefined });
    expect(printed).toContain(
      `\npulumi plugin install resource voice 1.2.3 --file pulumi-resource-voice-v1.2.3-${host}.tar.gz\npulumi stack init acme\n`,
    );
    const withPath = nextSteps({
      ...base,
      language: "yaml",
      packageSpec: undefined,
      pluginPath: "/opt/voice",
    });
    expect(withPath).not.toContain("plugin install");
  });
});
