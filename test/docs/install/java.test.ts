// docs/install/java.md run as printed against the release's jar (no separate pom), plugin archive and
// command line's executable, with no Node.js.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/java.md", {
  pieces: ["java"],
  node: false,
  archives: true,
  files: (version) => [`voice-${version}.jar`],
});
