// The bridge↔number link machinery both link types (a link, a set) use: the shared reads of a bridge's
// detail view, connects and disconnects settled by reading, moves between sets of one run, the
// platform's rules checked at preview, and the program's claims on numbers and bridges.
export { type BridgeDetails, bridgeDetails } from "./bridge-details";
export { connectNumber, disconnectNumber, isAlreadyLinked } from "./link-writes";
export { type Claimant, claimBridge, claimNumber, recordNumber } from "./number-claims";
export { type NumberReleases, numberReleases } from "./number-releases";
export { checkLinkOnPlatform, type PreviewLookups, previewLookups, SharedRead } from "./preview-lookups";
