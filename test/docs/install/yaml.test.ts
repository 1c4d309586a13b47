// docs/install/yaml.md run as printed against the release's plugin archive, with no Node.js.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/yaml.md", {
  pieces: ["yaml"],
  node: false,
  plugin: true,
  files: (version) => [`pulumi-resource-voice-v${version}-linux-amd64.tar.gz`],
});
