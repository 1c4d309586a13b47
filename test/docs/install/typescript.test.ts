// docs/install/typescript.md run as printed against the release's npm tarball, with Node.js 24 on PATH.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/typescript.md", {
  pieces: [],
  node: true,
  archives: false,
  files: (version) => [`pulumi-voice-platform-${version}.tgz`],
  also: (ran) => {
    it("its package.json names index.ts and declines protobufjs's install script: neither npm nor Pulumi warns", async () => {
      const pkg = JSON.parse(await readFile(path.join(ran().project, "package.json"), "utf8")) as {
        main?: string;
        allowScripts?: Record<string, boolean>;
      };
      expect([pkg.main, pkg.allowScripts]).toEqual(["index.ts", { protobufjs: false }]);
      // Pulumi's warning when `main` names a missing file; npm's for an install script left unreviewed.
      expect(ran().output).not.toMatch(/Could not find entry point/);
      expect(ran().output).not.toMatch(/not yet covered by allowScripts|install-scripts/);
      // The page did install: the package's dependency is there.
      expect(ran().output).toMatch(/added \d+ packages/);
    });
  },
});
