// docs/install/java.md run as printed against the release's jar (no separate pom) and plugin archive,
// with no Node.js.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/java.md", {
  pieces: ["java"],
  node: false,
  plugin: true,
  files: (version) => [`pulumi-resource-voice-v${version}-linux-amd64.tar.gz`, `voice-${version}.jar`],
});
