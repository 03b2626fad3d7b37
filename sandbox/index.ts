// The sandbox provider: a real HTTP server implementing the payments contract (see README.md).
export { startSandbox, type RunningSandbox, type SandboxOptions } from "./server";
export { SANDBOX_FIXTURES } from "./fixtures";
export { FAULT_KINDS, type FaultKind, type FaultSpec } from "./faults";
export type { DeliveryRecord, DeliveryAttempt } from "./webhooks";
export { planFor } from "./lifecycle";
