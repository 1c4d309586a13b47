export { AdminClient, AdminError } from "./admin-client";
export type { FaultInput, FaultKind } from "./faults";
export { CHAT_PATH } from "./inference";
export { PLAYBOOK_MODEL } from "./playbook";
export type { RequestLogEntry } from "./request-log";
export { DEMO_ORG_HANDLE, DEMO_PRODUCT_ID, type SeedInput } from "./seed";
export { type Emulator, type StartEmulatorOptions, startEmulator } from "./server";
export type {
  Agent,
  Bridge,
  BridgeLink,
  CallDetailRecord,
  CatalogueProvider,
  EmulatorState,
  Organization,
  PhoneNumber,
  ProviderAccount,
  ProviderConfiguration,
  Run,
  Space,
  TaskRecord,
  TokenGrant,
  Trunk,
} from "./state";
