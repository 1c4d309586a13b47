// docs/install/python.md run as printed against the release's wheel and plugin archive, with no Node.js.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/python.md", {
  pieces: ["python"],
  node: false,
  plugin: true,
  files: (version) => [
    `pulumi-resource-voice-v${version}-linux-amd64.tar.gz`,
    `pulumi_voice-${version}-py3-none-any.whl`,
  ],
});
