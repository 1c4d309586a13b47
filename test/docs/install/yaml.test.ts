// docs/install/yaml.md run as printed against the release's plugin archive and command line's executable,
// with no Node.js.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/yaml.md", {
  pieces: ["yaml"],
  node: false,
  archives: true,
  files: () => [],
});
