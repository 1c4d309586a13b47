// The release notes' list of what a release holds: every file it built, by kind and platform, and what the
// package declares (resource types, commands, policy rules), so a release that adds one lists it.
import { describe, expect, it } from "vitest";
import type { Artifact } from "../../../scripts/release/artifact";
import { PLATFORMS } from "../../../scripts/release/executable-archives";
import { HOLDINGS_HEADING, releaseHoldings } from "../../../scripts/release/holdings";

const V = "1.2.3";
const file = (kind: string, name: string): Artifact => ({ kind, file: name, bytes: 1, sha256: "0" });
const ARTIFACTS: Artifact[] = [
  file("npm", `pulumi-voice-platform-${V}.tgz`),
  ...PLATFORMS.map((p) => file("plugin", `pulumi-resource-voice-v${V}-${p}.tar.gz`)),
  ...PLATFORMS.map((p) => file("cli", `pulumi-voice-platform-v${V}-${p}.tar.gz`)),
  file("wheel", `pulumi_voice-${V}-py3-none-any.whl`),
  file("sdist", `pulumi_voice-${V}.tar.gz`),
  { kind: "go-module", file: "go", bytes: 1 },
  file("go-zip", `pulumi-voice-go-sdk-v${V}.zip`),
  { kind: "dotnet-project", file: "dotnet", bytes: 1 },
  file("java-jar", `voice-${V}.jar`),
  file("checksums", "SHA256SUMS"),
];
const contents = {
  version: V,
  artifacts: ARTIFACTS,
  resources: ["Bridge", "BridgeNumber", "BridgeNumbers"],
  commands: ["emulator", "export", "fleet"],
  policies: ["voice-protect-in-production", "voice-trunk-tls-in-production"],
};

describe("what the release notes say the release holds", () => {
  it("names every resource type, command and policy rule, and each executable's platforms", () => {
    const text = releaseHoldings(contents);
    expect(text.startsWith(`${HOLDINGS_HEADING}\n`)).toBe(true);
    for (const name of [...contents.resources, ...contents.commands, ...contents.policies])
      expect(text).toContain(`\`${name}\``);
    expect(text).toContain(
      `The native provider plugin \`pulumi-resource-voice\`, one executable with Node.js inside (no Node.js needed), for 6 platforms (${PLATFORMS.map((p) => `\`${p}\``).join(", ")}): \`pulumi-resource-voice-v${V}-<os>-<arch>.tar.gz\`.`,
    );
    expect(text).toMatch(
      /The command line `pulumi-voice-platform` \(`emulator`, `export`, `fleet`; .*\), one executable .* for 6 platforms .*: `pulumi-voice-platform-v1\.2\.3-<os>-<arch>\.tar\.gz`/,
    );
    expect(text).toContain("2 rules: `voice-protect-in-production`, `voice-trunk-tls-in-production`.");
  });

  it("lists each SDK's files, and every file the release attaches", () => {
    const text = releaseHoldings(contents);
    expect(text).toContain(`  - Java: \`voice-${V}.jar\``);
    expect(text).toContain(
      `  - Python: \`pulumi_voice-${V}-py3-none-any.whl\`, \`pulumi_voice-${V}.tar.gz\``,
    );
    expect(text).toContain("  - .NET: `dotnet/`");
    for (const a of ARTIFACTS.filter((a) => a.sha256 !== undefined && !["plugin", "cli"].includes(a.kind)))
      expect(text, a.file).toContain(`\`${a.file}\``);
  });

  it("a release without a Java jar or with the host's archives only says so, and no more", () => {
    const host = ARTIFACTS.filter(
      (a) =>
        a.kind !== "java-jar" &&
        !(["plugin", "cli"].includes(a.kind) && !a.file.endsWith("linux-amd64.tar.gz")),
    );
    const text = releaseHoldings({ ...contents, artifacts: host });
    expect(text).not.toContain("- Java:");
    expect(text).toContain("for 1 platform (`linux-amd64`)");
  });
});
