import { describe, expect, it } from "vitest";
import { sendVerdict, type SendFacts } from "./send-check";

const ok = { id: 1, approverActive: true, mayApprove: true, actedAsMaker: false };
const base: SendFacts = { makerActive: true, submitterActive: null, tokenValid: null, approvals: [ok], required: 1 };

describe("checked again when money moves (the pure rule)", () => {
  it.each<[string, Partial<SendFacts>, ReturnType<typeof sendVerdict>]>([
    ["everything holds", {}, { kind: "send" }],
    ["no approval needed, none given", { approvals: [], required: 0 }, { kind: "send" }],
    ["its maker was deactivated", { makerActive: false }, { kind: "hold", reasons: ["maker_inactive"] }],
    ["its submitter was deactivated", { submitterActive: false }, { kind: "hold", reasons: ["submitter_inactive"] }],
    ["its token was revoked or expired", { tokenValid: false }, { kind: "hold", reasons: ["token_invalid"] }],
    ["maker gone and token revoked: both said", { makerActive: false, tokenValid: false }, { kind: "hold", reasons: ["maker_inactive", "token_invalid"] }],
    ["held before anything about approvals", { makerActive: false, approvals: [], required: 2 }, { kind: "hold", reasons: ["maker_inactive"] }],
    ["its approver no longer holds approve", { approvals: [{ ...ok, mayApprove: false }] }, { kind: "reapprove", required: 1, counting: 0, voided: [{ id: 1, reason: "no_longer_approver" }] }],
    ["its approver was deactivated", { approvals: [{ ...ok, approverActive: false }] }, { kind: "reapprove", required: 1, counting: 0, voided: [{ id: 1, reason: "inactive" }] }],
    ["its approver has become one of its makers (a token's holder)", { approvals: [{ ...ok, actedAsMaker: true }] }, { kind: "reapprove", required: 1, counting: 0, voided: [{ id: 1, reason: "acted_as_maker" }] }],
    ["the policy now asks for more", { required: 2 }, { kind: "reapprove", required: 2, counting: 1, voided: [] }],
    ["one of two approvals void, one needed: still goes", { approvals: [ok, { ...ok, id: 2, mayApprove: false }] }, { kind: "send" }],
  ])("%s", (_what, facts, verdict) => {
    expect(sendVerdict({ ...base, ...facts })).toEqual(verdict);
  });
});
