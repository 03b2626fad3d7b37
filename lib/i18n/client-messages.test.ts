import { describe, expect, it } from "vitest";
import { declaredScope, namespacesUsed, owningScope, routeFiles } from "@/lib/testing/client-namespaces";
import { CLIENT_MESSAGES, pickMessages, type MessageScope } from "./client-messages";
import { MESSAGES } from "./messages";

/**
 * A client component whose namespace is not sent shows its keys ("payments.caption") instead of
 * words. Each route file's browser code (lazy parts too) is read, and every namespace it uses
 * must be in the scope of the <ClientMessages> above it.
 */

/**
 * Modules that translate keys known only at run time, and where those keys come from (the
 * reader cannot see them in the sources). A module listed with none calls a scoped translator
 * with a variable, which the namespace of its useTranslations already covers.
 */
const RUNTIME_KEYS: Record<string, string[]> = {
  // keys written by lib/alerts/wording.ts
  "components/alerts/use-alert-words.ts": ["alerts"],
  // file and row messages of a batch preview (lib/batches): their own and the schemas'
  "components/batches/batch-message.ts": ["batches", "validation"],
  // a form's errors: the schemas' keys (validation.*, formats.*) or words from the server
  "components/transfer-form/form-field.tsx": ["validation", "formats"],
  // the notes of a transfer's history, written by lib/transfers
  "components/transfers/transfer-timeline.tsx": ["transfers"],
  // a charge form's errors: the schema's keys (validation.*); a charge's timeline notes, written by lib/charges
  "components/charges/charge-form.tsx": ["validation", "charges"],
  "components/charges/charge-detail.tsx": ["charges"],
  "components/insights/overview.tsx": [],
  "components/payment-detail/payment-sections.tsx": [],
  "components/payments-table/cells.tsx": [],
  "components/qrcode-detail/brcode-panel.tsx": [],
};

const files = routeFiles();

describe("messages sent to the browser", () => {
  it("reads the route files (the walk itself works)", () => {
    expect(files).toContain("app/(dashboard)/payments/(list)/page.tsx");
    expect(declaredScope("app/(dashboard)/payments/(list)/page.tsx")).toBe("payments");
    expect(owningScope("app/(dashboard)/payments/error.tsx")?.scope).toBe("dashboard");
    expect(owningScope("app/(dashboard)/events/error.tsx")?.scope).toBe("events");
    const payments = namespacesUsed(["app/(dashboard)/payments/(list)/page.tsx"]).used;
    expect(payments.get("payments")).toBe("components/payments-table/payments-explorer.tsx");
    expect(payments.has("table")).toBe(true);
  });

  it("each scope is declared by exactly one route file", () => {
    const declared = files.flatMap((file) => {
      const scope = declaredScope(file);
      return scope ? [scope] : [];
    });
    expect(declared.toSorted()).toEqual(Object.keys(CLIENT_MESSAGES).toSorted());
  });

  it.each(files)("%s: every namespace its client components use is sent", (file) => {
    const owner = owningScope(file);
    expect(owner, "no <ClientMessages> above it").toBeDefined();
    const { used, dynamic } = namespacesUsed([file]);
    const unknown = dynamic.filter((source) => !(source in RUNTIME_KEYS));
    expect(unknown, "translates keys known only at run time: say where they come from in RUNTIME_KEYS").toEqual([]);
    for (const source of dynamic) for (const namespace of RUNTIME_KEYS[source]!) if (!used.has(namespace)) used.set(namespace, source);
    const sent = new Set<string>(CLIENT_MESSAGES[owner!.scope as MessageScope]);
    const missing = [...used].filter(([namespace]) => !sent.has(namespace)).map(([namespace, by]) => `${namespace} (${by})`);
    expect(missing, `missing from scope "${owner!.scope}" (${owner!.file})`).toEqual([]);
  });

  it("a scope sends its namespaces and nothing else", () => {
    const picked = pickMessages(MESSAGES["pt-BR"], "payments");
    expect(Object.keys(picked).toSorted()).toEqual([...CLIENT_MESSAGES.payments].toSorted());
    expect(picked.payments).toBe(MESSAGES["pt-BR"].payments);
  });
});
