import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SandboxStore, StatusChange } from "./store";
import type { QrcodeRecord, StoredPayment, WebhookRegistration } from "./types";

const SCHEMA = `
create table if not exists sandbox_meta (key text primary key, value text not null);
create table if not exists sandbox_api_payments (
  reference_code text primary key,
  idempotent_id text not null,
  seq integer not null,
  data jsonb not null,
  updated_at timestamptz not null default now()
);
create index if not exists sandbox_api_payments_id on sandbox_api_payments (idempotent_id);
create table if not exists sandbox_status_changes (
  id bigserial primary key,
  idempotent_id text not null,
  status text not null,
  at timestamptz not null
);
alter table sandbox_status_changes add column if not exists reference_code text;
create index if not exists sandbox_status_changes_payment on sandbox_status_changes (idempotent_id, id);
-- Stores made before an idempotent_id could repeat kept payments by id: carried over once.
do $$ begin
  if to_regclass('sandbox_payments') is not null then
    insert into sandbox_api_payments (reference_code, idempotent_id, seq, data, updated_at)
      select data->>'reference_code', idempotent_id, seq, data, updated_at from sandbox_payments
      on conflict (reference_code) do nothing;
    drop table sandbox_payments;
  end if;
end $$;
create table if not exists sandbox_webhooks (
  type_id integer primary key,
  url text not null,
  auth_value text not null
);
create table if not exists sandbox_qrcodes (
  reference_code text primary key,
  data jsonb not null,
  updated_at timestamptz not null default now()
);
`;

const openInThisProcess = new Set<string>();

/**
 * PGlite is single-process: two sandboxes on one directory would corrupt it. A lock file
 * with the owner's pid refuses a second opener while the first is alive.
 */
function lockStore(path: string): () => void {
  const lock = join(path, "sandbox.lock");
  if (openInThisProcess.has(path)) throw new Error(`sandbox store ${path} is already open in this process`);
  try {
    const pid = Number(readFileSync(lock, "utf8"));
    if (pid && pid !== process.pid) {
      process.kill(pid, 0); // throws when that process is gone
      throw new Error(`sandbox store ${path} is in use by process ${pid}`);
    }
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("sandbox store")) throw e;
  }
  writeFileSync(lock, String(process.pid));
  openInThisProcess.add(path);
  return () => {
    openInThisProcess.delete(path);
    rmSync(lock, { force: true });
  };
}

/** The sandbox's durable store: an embedded PGlite database in its own directory. */
export class PgliteStore implements SandboxStore {
  readonly kind = "pglite" as const;

  private constructor(
    private readonly db: PGlite,
    private readonly unlock: () => void,
  ) {}

  /** Opens (creating if needed) the store under `dir`, relative to the working directory. */
  static async open(dir: string): Promise<PgliteStore> {
    const path = resolve(process.cwd(), dir);
    mkdirSync(path, { recursive: true });
    const unlock = lockStore(path);
    try {
      const db = new PGlite(path);
      await db.waitReady;
      await db.exec(SCHEMA);
      return new PgliteStore(db, unlock);
    } catch (e) {
      unlock();
      throw e;
    }
  }

  async getMeta(key: string) {
    const r = await this.db.query<{ value: string }>("select value from sandbox_meta where key = $1", [key]);
    return r.rows[0]?.value ?? null;
  }

  async setMeta(key: string, value: string) {
    await this.db.query(
      "insert into sandbox_meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value",
      [key, value],
    );
  }

  async loadPayments() {
    const r = await this.db.query<{ data: StoredPayment }>("select data from sandbox_api_payments order by seq");
    return r.rows.map((row) => row.data);
  }

  async insertPayment(p: StoredPayment) {
    await this.db.query("insert into sandbox_api_payments (reference_code, idempotent_id, seq, data) values ($1, $2, $3, $4)", [
      p.reference_code,
      p.idempotent_id,
      p.seq,
      JSON.stringify(p),
    ]);
  }

  async updatePayment(p: StoredPayment, change: StatusChange) {
    await this.db.transaction(async (tx) => {
      await tx.query("update sandbox_api_payments set data = $2, updated_at = now() where reference_code = $1", [
        p.reference_code,
        JSON.stringify(p),
      ]);
      await tx.query("insert into sandbox_status_changes (idempotent_id, reference_code, status, at) values ($1, $2, $3, $4)", [
        change.idempotent_id,
        change.reference_code,
        change.status,
        new Date(change.at).toISOString(),
      ]);
    });
  }

  async clearPayments() {
    await this.db.exec("delete from sandbox_api_payments; delete from sandbox_status_changes;");
  }

  async statusChanges(idempotentId: string) {
    const r = await this.db.query<{ reference_code: string | null; status: string; at: Date }>(
      "select reference_code, status, at from sandbox_status_changes where idempotent_id = $1 order by id",
      [idempotentId],
    );
    return r.rows.map((row) => ({ idempotent_id: idempotentId, reference_code: row.reference_code ?? "", status: row.status, at: new Date(row.at).getTime() }));
  }

  async loadWebhooks() {
    const r = await this.db.query<{ type_id: number; url: string; auth_value: string }>(
      "select type_id, url, auth_value from sandbox_webhooks order by type_id",
    );
    return r.rows.map((row) => ({ type_id: row.type_id, url: row.url, authorization: row.auth_value }));
  }

  async saveWebhook(w: WebhookRegistration) {
    await this.db.query(
      `insert into sandbox_webhooks (type_id, url, auth_value) values ($1, $2, $3)
       on conflict (type_id) do update set url = excluded.url, auth_value = excluded.auth_value`,
      [w.type_id, w.url, w.authorization],
    );
  }

  async deleteWebhook(typeId: number) {
    await this.db.query("delete from sandbox_webhooks where type_id = $1", [typeId]);
  }

  async clearWebhooks() {
    await this.db.exec("delete from sandbox_webhooks;");
  }

  async loadQrcodes() {
    const r = await this.db.query<{ data: QrcodeRecord }>("select data from sandbox_qrcodes order by reference_code");
    return r.rows.map((row) => row.data);
  }

  async saveQrcode(q: QrcodeRecord) {
    await this.db.query(
      `insert into sandbox_qrcodes (reference_code, data) values ($1, $2)
       on conflict (reference_code) do update set data = excluded.data, updated_at = now()`,
      [q.reference_code, JSON.stringify(q)],
    );
  }

  async clearQrcodes() {
    await this.db.exec("delete from sandbox_qrcodes;");
  }

  async close() {
    if (!this.db.closed) await this.db.close();
    this.unlock();
  }
}
