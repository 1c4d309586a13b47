// docs/install/go.md run as printed against the release's Go SDK zip, plugin archive and command line's
// executable, with no Node.js.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/go.md", {
  pieces: ["go"],
  node: false,
  archives: true,
  files: (version) => [`pulumi-voice-go-sdk-v${version}.zip`],
});
