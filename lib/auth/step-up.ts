import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { recordAudit } from "@/lib/db/audit";
import { authSession, sessionStepUps } from "@/lib/db/schema/auth";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Auth } from "./auth";
import { verifyPasskeyStepUp, type PasskeyParty } from "./passkey-step-up";
import type { SessionUser } from "./session-user";

/**
 * Step-up before moving money: approving a transfer or a batch and submitting a batch ask again
 * for the password (or, once enrolled, the authenticator code or a passkey) when the user last proved who
 * they are more than STEP_UP_AFTER_SECONDS ago (5 minutes by default; sign-in counts). A session
 * left open on a desk is then not enough to move money. Routes ask for it with `stepUp: true`
 * (lib/http/route.ts).
 */
/** The window in whole minutes, for the words shown (at least 1). */
export function stepUpMinutes(): number {
  return Math.max(1, Math.round(getEnv().stepUpAfterSeconds / 60));
}
/** Wrong answers in a row before the session is ended (a stolen session cannot guess codes). */
export const MAX_STEP_UP_FAILURES = 5;

export type StepUpMethod = "password" | "code" | "passkey";

let clock: () => Date = () => new Date();

/** The step-up clock (tests move it; production reads the system time). */
export function stepUpNow(): Date {
  return clock();
}

export function setStepUpClockForTests(next?: () => Date): void {
  clock = next ?? (() => new Date());
}

/** True when the last proof is older than the window (or unknown: fail closed). */
export function stepUpNeeded(user: Pick<SessionUser, "verifiedAt">, now: Date = stepUpNow(), windowMs: number = getEnv().stepUpAfterSeconds * 1000): boolean {
  if (!(user.verifiedAt instanceof Date)) return true;
  return now.getTime() - user.verifiedAt.getTime() > windowMs;
}

type Factors = Pick<SessionUser, "twoFactorEnabled" | "hasPasskey">;

/**
 * What a step-up accepts: a passkey when the user holds one (user verification required); the
 * code when a second factor app is enrolled; the password only when neither second factor is
 * there (once one is, the password alone proves less).
 */
export function stepUpMethods(user: Factors): StepUpMethod[] {
  const methods: StepUpMethod[] = [];
  if (user.hasPasskey) methods.push("passkey");
  if (user.twoFactorEnabled) methods.push("code");
  else if (!user.hasPasskey) methods.push("password");
  return methods;
}

/** The method asked for first (a passkey: a touch instead of typing). */
export function stepUpMethod(user: Factors): StepUpMethod {
  return stepUpMethods(user)[0] ?? "password";
}

export type StepUpAnswer = { password?: string; code?: string; passkey?: AuthenticationResponseJSON };
export type StepUpResult =
  | { ok: true; verifiedAt: Date }
  | { ok: false; reason: "wrong_method" | "wrong"; failures: number; sessionEnded: boolean };

type Deps = { auth: Pick<Auth, "api">; db: Db; passkeyParty?: PasskeyParty };

/** The method this answer uses, when the user may use it. */
function answeredMethod(user: Factors, answer: StepUpAnswer): StepUpMethod | null {
  const accepted = stepUpMethods(user);
  if (answer.passkey && accepted.includes("passkey")) return "passkey";
  if (answer.code && accepted.includes("code")) return "code";
  if (answer.password && accepted.includes("password")) return "password";
  return null;
}

/**
 * Checks the answer with Better Auth (verifyPassword, or the two-factor plugin's verifyTOTP on
 * this session) or the passkey assertion (passkey-step-up.ts) and records the time on the session; a wrong answer is counted, and the
 * MAX_STEP_UP_FAILURES-th ends the session. Both outcomes are audited.
 */
export async function verifyStepUp(
  deps: Deps,
  input: { headers: Headers; user: SessionUser; answer: StepUpAnswer; ip: string | null; now?: Date },
): Promise<StepUpResult> {
  const { user, answer, headers } = input;
  const now = input.now ?? stepUpNow();
  const method = answeredMethod(user, answer);
  const actor = { id: user.id, email: user.email };
  if (!method) return { ok: false, reason: "wrong_method", failures: 0, sessionEnded: false };
  const right =
    method === "passkey"
      ? !!deps.passkeyParty && (await verifyPasskeyStepUp(deps.db, user, answer.passkey!, deps.passkeyParty, now))
      : await (method === "code"
          ? deps.auth.api.verifyTOTP({ body: { code: answer.code! }, headers })
          : deps.auth.api.verifyPassword({ body: { password: answer.password! }, headers })
        ).then(
          () => true,
          () => false,
        );
  if (right) {
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(sessionStepUps)
        .values({ sessionId: user.sessionId, verifiedAt: now, failures: 0 })
        .onConflictDoUpdate({ target: sessionStepUps.sessionId, set: { verifiedAt: now, failures: 0 } });
      await recordAudit({ actor, action: "auth.step_up", target: user.email, outcome: "success", detail: { method }, ip: input.ip }, tx);
    });
    return { ok: true, verifiedAt: now };
  }
  const [row] = await deps.db
    .insert(sessionStepUps)
    .values({ sessionId: user.sessionId, failures: 1 })
    .onConflictDoUpdate({ target: sessionStepUps.sessionId, set: { failures: sql`${sessionStepUps.failures} + 1` } })
    .returning({ failures: sessionStepUps.failures });
  const failures = row?.failures ?? 1;
  const sessionEnded = failures >= MAX_STEP_UP_FAILURES;
  if (sessionEnded) await deps.db.delete(authSession).where(eq(authSession.id, user.sessionId));
  await recordAudit(
    { actor, action: "auth.step_up", target: user.email, outcome: sessionEnded ? "session_ended" : "wrong", detail: { method, failures }, ip: input.ip },
    deps.db,
  );
  return { ok: false, reason: "wrong", failures, sessionEnded };
}
