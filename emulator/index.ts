export { AdminClient, AdminError, type AdminFleetOrganization } from "./admin/client";
export type { TrafficPlan } from "./domain/calls/traffic";
export type { FaultInput, FaultKind } from "./domain/faults";
export { PLAYBOOK_MODEL } from "./domain/playbook";
export type { RequestLogEntry } from "./domain/request-log";
export { DEMO_ORG_HANDLE, DEMO_PRODUCT_ID, type SeedInput } from "./domain/seed/demo";
export {
  DEFAULT_NUMBERS_PER_ORGANIZATION,
  type FleetOptions,
  type FleetOrganization,
  fleetAccountSid,
  fleetHandle,
  fleetNumber,
  fleetOrganizations,
} from "./domain/seed/fleet";
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
} from "./domain/state";
export { CHAT_PATH } from "./routes/inference";
export { type Emulator, type StartEmulatorOptions, startEmulator } from "./server";
