// The sandbox provider: a real HTTP server implementing the provider's documented API (see README.md).
export { startSandbox, type RunningSandbox, type SandboxOptions } from "./server";
export { SANDBOX_FIXTURES } from "./fixtures";
export { FAULT_KINDS, RELEASE_MODES, type FaultKind, type FaultSpec, type ReleaseMode } from "./faults";
export type { SandboxDuplicates } from "./options";
export type { DeliveryRecord, DeliveryAttempt } from "./webhooks";
export { planFor } from "./lifecycle";
