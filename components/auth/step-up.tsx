"use client";

import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { isApiRequestError } from "@/lib/domain/api-client";

// Loaded when the server first asks for a step-up: the dialog's code (Radix Dialog, focus trap,
// scroll lock) is not on any page's first load.
const StepUpDialog = lazy(() => import("./step-up-dialog").then((m) => ({ default: m.StepUpDialog })));

type Method = "password" | "code" | "passkey";
type Ask = (method: Method) => Promise<boolean>;

const StepUpContext = createContext<Ask | null>(null);

/**
 * The one step-up dialog of the signed-in shell. A money action that answers 403
 * `{ kind: "step_up_required" }` (lib/http/route.ts) opens it; once the password (or code) is
 * accepted by POST /api/me/step-up, the action is sent again, once. Cancel gives the caller the
 * original refusal.
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [method, setMethod] = useState<Method | null>(null);
  const settle = useRef<((ok: boolean) => void) | null>(null);

  const ask = useCallback<Ask>(
    (next) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setMethod(next);
      }),
    [],
  );
  const close = useCallback((ok: boolean) => {
    settle.current?.(ok);
    settle.current = null;
    setMethod(null);
  }, []);

  return (
    <StepUpContext.Provider value={ask}>
      {children}
      {method ? (
        <Suspense fallback={null}>
          <StepUpDialog method={method} onDone={close} />
        </Suspense>
      ) : null}
    </StepUpContext.Provider>
  );
}

/**
 * `withStepUp(call)`: runs `call`; when the server asks for a step-up, opens the dialog and, once
 * confirmed, runs `call` again. Outside the provider (a page without the shell) it just runs it.
 */
export function useStepUp() {
  const ask = useContext(StepUpContext);
  return useMemo(
    () =>
      async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
        try {
          return await call();
        } catch (error) {
          if (!ask || !isApiRequestError(error) || error.kind !== "step_up_required") throw error;
          if (!(await ask(error.stepUp ?? "password"))) throw error;
          return call();
        }
      },
    [ask],
  );
}
