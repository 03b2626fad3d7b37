import type { AnyCommand } from "../command";
import { addCommand } from "./add";
import { linkCommand } from "./link";
import { listCommand } from "./list";
import { confirmCommand, pendingCommand, refuseCommand } from "./pending-changes";
import { resetSecondFactorCommand } from "./reset-2fa";
import { roleCommand } from "./role";

/** The commands of `npm run users`, in the order the usage lists them. */
export const COMMANDS: readonly AnyCommand[] = [
  addCommand,
  listCommand,
  roleCommand,
  linkCommand,
  resetSecondFactorCommand,
  pendingCommand,
  confirmCommand,
  refuseCommand,
];
