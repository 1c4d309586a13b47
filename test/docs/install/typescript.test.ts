// docs/install/typescript.md run as printed against the release's npm tarball, with Node.js 24 on PATH.
import { describeInstallPage } from "../../fixtures/install-page";

describeInstallPage("docs/install/typescript.md", {
  pieces: [],
  node: true,
  archives: false,
  files: (version) => [`pulumi-voice-platform-${version}.tgz`],
});
