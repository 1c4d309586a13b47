// docs/install/python.md run as printed against the release's wheel, plugin archive and command line's
// executable, with no Node.js.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/python.md", {
  pieces: ["python"],
  node: false,
  archives: true,
  files: (version) => [`pulumi_voice-${version}-py3-none-any.whl`],
});
