// docs/install/go.md run as printed against the release's Go SDK zip and plugin archive, with no Node.js.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/go.md", {
  pieces: ["go"],
  node: false,
  plugin: true,
  files: (version) => [
    `pulumi-resource-voice-v${version}-linux-amd64.tar.gz`,
    `pulumi-voice-go-sdk-v${version}.zip`,
  ],
});
