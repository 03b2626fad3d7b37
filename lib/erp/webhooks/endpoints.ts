import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { webhookEndpoints, type WebhookEndpointRow } from "@/lib/db/schema";
import type { Actor } from "@/lib/domain/actor";
import { ApiError } from "@/lib/http/api-error";
import type { CreateEndpointBody, UpdateEndpointBody, WebhookEndpoint } from "./schema";
import { refuseUrl, type UrlPolicy } from "./url-check";

/**
 * The company's webhook endpoints, managed by admins. Every change is audited; the signing
 * secret (`whsec_` + base64 of 24 random bytes, as Standard Webhooks libraries read it) is
 * answered only by the call that made it.
 */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function endpointView(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
  };
}

async function checkUrl(url: string, policy: UrlPolicy): Promise<void> {
  const refusal = await refuseUrl(url, policy);
  if (refusal) throw new ApiError("invalid", `validation.erp.urlRefused.${refusal}`, {}, "url");
}

export async function createEndpoint(db: Db, body: CreateEndpointBody, actor: Actor, policy: UrlPolicy, now = new Date()) {
  await checkUrl(body.url, policy);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ id: randomUUID(), url: body.url, events: [...new Set(body.events)], description: body.description || null, secret, createdById: actor.id, createdByEmail: actor.email, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit({ actor, action: "webhook_endpoint.create", target: created!.id, outcome: "success", detail: { url: created!.url, events: created!.events }, ip: actor.ip ?? null }, tx);
    return created!;
  });
  return { ...endpointView(row), secret };
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(isNull(webhookEndpoints.deletedAt)).orderBy(asc(webhookEndpoints.createdAt));
  return rows.map(endpointView);
}

export async function getEndpointRow(db: Db, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)));
  if (!row) throw new ApiError("not_found", "validation.erp.endpoint");
  return row;
}

/** Changes an endpoint; with `rotate_secret` the answer carries the new secret (once). */
export async function updateEndpoint(db: Db, id: string, body: UpdateEndpointBody, actor: Actor, policy: UrlPolicy, now = new Date()) {
  if (body.url !== undefined) await checkUrl(body.url, policy);
  const secret = body.rotate_secret ? newSecret() : undefined;
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt))).for("update");
    if (!before) throw new ApiError("not_found", "validation.erp.endpoint");
    const enabling = body.enabled === true && !before.enabled;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled, disabledAt: body.enabled ? null : now, disabledReason: body.enabled ? null : "paused" } : {}),
        // Enabled again: its failures so far no longer count towards disabling it.
        ...(enabling ? { failingSince: null } : {}),
        ...(secret ? { secret } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    const changed = (["url", "events", "description", "enabled"] as const).filter((k) => body[k] !== undefined);
    if (changed.length) {
      await recordAudit({ actor, action: "webhook_endpoint.update", target: id, outcome: "success", detail: { changed, url: after!.url, events: after!.events, enabled: after!.enabled }, ip: actor.ip ?? null }, tx);
    }
    if (secret) await recordAudit({ actor, action: "webhook_endpoint.rotate_secret", target: id, outcome: "success", detail: {}, ip: actor.ip ?? null }, tx);
    return after!;
  });
  return { ...endpointView(row), ...(secret ? { secret } : {}) };
}

/** Removed: no more deliveries; its history stays for the audit. */
export async function deleteEndpoint(db: Db, id: string, actor: Actor, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: now, enabled: false, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)))
      .returning();
    if (!row) throw new ApiError("not_found", "validation.erp.endpoint");
    await recordAudit({ actor, action: "webhook_endpoint.delete", target: id, outcome: "success", detail: { url: row.url }, ip: actor.ip ?? null }, tx);
  });
}
