export { AdminClient, AdminError } from "./admin-client";
export type { FaultInput, FaultKind } from "./faults";
export type { RequestLogEntry } from "./request-log";
export { DEMO_ORG_HANDLE, DEMO_PRODUCT_ID, type SeedInput } from "./seed";
export { type Emulator, type StartEmulatorOptions, startEmulator } from "./server";
export type {
  Agent,
  Bridge,
  BridgeLink,
  CatalogueProvider,
  EmulatorState,
  Organization,
  PhoneNumber,
  ProviderAccount,
  ProviderConfiguration,
  Space,
  TokenGrant,
  Trunk,
} from "./state";
