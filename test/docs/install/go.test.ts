// docs/install/go.md run as printed against the release's Go SDK zip, plugin archive and command line's
// executable, with no Node.js.
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/go.md", {
  pieces: ["go"],
  node: false,
  archives: true,
  files: (version) => [`pulumi-voice-go-sdk-v${version}.zip`],
  also: (ran) => {
    it("`go build -v ./...` builds the program before `pulumi up`, leaving the executable the page names", () => {
      expect(existsSync(path.join(ran().project, "voice-go"))).toBe(true);
    });
  },
});
