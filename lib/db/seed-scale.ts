import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import { rowsOf } from "./raw";
import { foldTotals } from "./totals-fold";

/**
 * A mid-size company's payouts, written with set-based SQL (generate_series) so that millions of
 * rows take minutes on either engine: makers and approvers, cost centres, saved receivers, batches,
 * recurring series, transfer requests in every state (the last two days' still waiting), approvals,
 * a creation and a final event per request and about 2.5 audit rows per request.
 * The company pays `perDay` a day (5,500 by default, the issue's mid-size company), so the size is
 * its age: 20,000 requests are its first four days, 2,000,000 its first year. What waits for a person
 * (two days of requests on their way, a week of problems not yet handled) is the same at every size,
 * as in a company that only grows older. Past a year, the year holds more a day.
 * Rows are a pure function of their number (no random()): two seeds of one size are the same store.
 * For benchmarks and reproductions only: every id starts with "seed-", and the store must be empty.
 */
export type ScaleSeedOptions = { transfers: number; now: Date; perDay?: number; makers?: number; receivers?: number };

/** The issue's mid-size company: 5,000-10,000 payouts a day. */
export const SEED_PER_DAY = 5_500;

export type ScaleSeedResult = { transfers: number; audit: number; events: number; approvals: number; seconds: number };

/** Deterministic "random" integer in [0, m) from the row number and a salt (Knuth's multiplicative hash). */
const mix = (salt: number, m: number) => sql.raw(`(((g::bigint * 2654435761 + ${salt * 40503}) % 4294967296) % ${m})`);

const FIRST = ["Ana", "Bruno", "Carla", "Diego", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela", "João", "Larissa", "Marcos", "Natália", "Otávio", "Paula", "Rafael", "Sofia", "Thiago", "Vitória", "Wagner"];
const LAST = ["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa"];
const COMPANY = ["Comércio", "Serviços", "Transportes", "Distribuidora", "Construtora", "Alimentos", "Tecnologia", "Logística"];

/** A whole number written into the SQL text (a parameter would have no type in arithmetic). */
const int = (x: number) => sql.raw(String(Math.trunc(x)));

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

export async function seedScale(db: Db, options: ScaleSeedOptions): Promise<ScaleSeedResult> {
  const started = performance.now();
  const n = Math.trunc(options.transfers);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error("seed:scale: --transfers must be a positive whole number");
  const makers = options.makers ?? 25;
  const receivers = options.receivers ?? Math.max(200, Math.min(50_000, Math.round(n / 40)));
  const existing = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from (select 1 from transfer_requests limit 1) x`));
  if (Number(existing[0]?.n ?? 0) > 0) throw new Error("seed:scale: the store already holds transfer requests; seed an empty one");
  const perDay = Math.trunc(options.perDay ?? SEED_PER_DAY);
  if (!Number.isSafeInteger(perDay) || perDay < 1) throw new Error("seed:scale: --per-day must be a positive whole number");
  const now = options.now.toISOString();
  const days = Math.min(365, n / perDay);
  const rate = n / days;
  const span = sql.raw(`interval '${Math.round(days * 86_400)} seconds'`);
  // The months of the span get their partitions first (audit log, events): rows go where a running store keeps them, not to the default partition.
  await db.execute(sql`select create_month_partition(t, m::date)
    from unnest(array['audit_log', 'transfer_events', 'webhook_events']::regclass[]) t,
         generate_series(date_trunc('month', (${now}::timestamptz - ${span}) at time zone 'America/Sao_Paulo'),
                         date_trunc('month', ${now}::timestamptz at time zone 'America/Sao_Paulo'), interval '1 month') m`);
  // One transaction: one connection (the temporary table of receivers), and all or nothing.
  const shape = { waiting: Math.max(1, Math.min(n, Math.round(2 * rate))), unhandled: Math.max(1, Math.min(n, Math.round(7 * rate))) };
  await db.transaction(async (tx) => fill(tx as unknown as Db, { n, now, span, makers, receivers, ...shape }));
  // What the triggers appended, folded as the running app's queue would (lib/db/totals-fold.ts).
  await foldTotals(db);
  // What autovacuum would have done over the months: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze`);

  const counts = rowsOf<{ t: string; a: string; e: string; p: string }>(
    await db.execute(sql`select (select count(*) from transfer_requests) as t, (select count(*) from audit_log) as a,
      (select count(*) from transfer_events) as e, (select count(*) from approvals) as p`),
  )[0];
  return {
    transfers: Number(counts?.t ?? 0),
    audit: Number(counts?.a ?? 0),
    events: Number(counts?.e ?? 0),
    approvals: Number(counts?.p ?? 0),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** waiting: the newest requests, still on their way (two days' worth); unhandled: the newest problems no one has handled yet (a week's). */
type Fill = { n: number; now: string; span: SQL; makers: number; receivers: number; waiting: number; unhandled: number };

async function fill(db: Db, { n, now, span, makers, receivers, waiting, unhandled }: Fill): Promise<void> {
  await db.execute(sql`insert into auth_user (id, name, email, role, email_verified)
    select 'seed-maker-' || i, 'Maker ' || i, 'maker' || i || '@seed.test', 'finance', true from generate_series(1, ${int(makers)}) i
    union all select 'seed-approver-' || i, 'Approver ' || i, 'approver' || i || '@seed.test', 'approver', true from generate_series(1, 5) i
    on conflict do nothing`);
  await db.execute(sql`insert into cost_centres (id, code, name)
    select 'seed-cc-' || i, 'CC-' || lpad(i::text, 2, '0'), 'Centro de custo ' || i from generate_series(1, 12) i on conflict do nothing`);

  // Receivers: a person (first + last name, CPF) or a company (name + activity, CNPJ); the first tenth saved as favourites.
  await db.execute(sql`create temporary table seed_receivers on commit drop as
    select r, case when r % 3 = 0
        then (${textArray(LAST)})[1 + r % 20] || ' ' || (${textArray(COMPANY)})[1 + (r / 20) % 8] || ' Ltda ' || r
        else (${textArray(FIRST)})[1 + r % 20] || ' ' || (${textArray(LAST)})[1 + (r / 20) % 20] || ' ' || (${textArray(LAST)})[1 + (r / 400) % 20] end as name,
      case when r % 3 = 0 then lpad(((r::bigint * 7919 * 104729) % 99999999999999)::text, 14, '0')
        else lpad(((r::bigint * 7919 * 104729) % 99999999999)::text, 11, '0') end as document
    from generate_series(0, ${int(receivers - 1)}) r`);
  await db.execute(sql`insert into receivers (id, nickname, nickname_key, name, document, initiation_type, pix_key_type, pix_key, created_by_id, created_by_email, created_at)
    select 'seed-receiver-' || r, 'Favorecido ' || r, 'favorecido ' || r, name, document, 'dict', case when length(document) = 14 then 'cnpj' else 'cpf' end, document,
      'seed-maker-1', 'maker1@seed.test', ${now}::timestamptz - ${span}
    from seed_receivers where r < ${int(Math.ceil(receivers / 10))}`);

  // Requests: created evenly over the span before `now`; the last two days' still on their way.
  await db.execute(sql`insert into transfer_requests (id, idempotent_id, body, body_hash, value_cents, receiver_name, receiver_key, receiver_document,
      maker_id, maker_email, destination_key, state, approvals_required, expires_at, batch_id, batch_line, series_id, cost_centre_id, receiver_id,
      submitted_by_id, submitted_by_email, created_at, updated_at, submitted_at, registered_at, settled_at, payment_date, provider_status, attempts,
      attention_handled_at, attention_handled_by_id, attention_handled_by_email, attention_note)
    select 'seed-t-' || g, 'seed' || g, jsonb_build_object('idempotent_id', 'seed' || g, 'value_cents', v, 'receiver_name', rc.name,
        'receiver_document', rc.document, 'initiation_type', 'dict', 'pix_key_type', case when length(rc.document) = 14 then 'cnpj' else 'cpf' end, 'pix_key', rc.document),
      md5('seed' || g), v, rc.name, lower(translate(rc.name, 'áàâãéêíóôõúçÁÀÂÃÉÊÍÓÔÕÚÇ', 'aaaaeeiooouc' || 'AAAAEEIOOOUC')), rc.document,
      'seed-maker-' || m, 'maker' || m || '@seed.test', 'pix:' || case when length(rc.document) = 14 then 'cnpj' else 'cpf' end || ':' || rc.document,
      st, case when v >= 500000 then 1 else 0 end, case when st = 'awaiting_approval' then c + interval '3 days' end,
      case when batch then 'seed-batch-' || (g / 200) end, case when batch then (g % 200) + 1 end,
      case when not batch and ${mix(3, 50)} = 7 then 'seed-series-' || (rc.r % 400) end,
      case when ${mix(4, 10)} < 8 then 'seed-cc-' || (1 + ${mix(5, 12)}) end,
      case when rc.r < ${int(Math.ceil(receivers / 10))} then 'seed-receiver-' || rc.r end,
      'seed-maker-' || m, 'maker' || m || '@seed.test', c, c + interval '1 hour',
      case when sent then c + interval '5 minutes' end, case when sent then c + interval '6 minutes' end,
      case when final then c + interval '8 minutes' end, case when st = 'paid' then c + interval '8 minutes' end,
      case when st = 'paid' then 'paid' when st = 'registered' then 'registered' end, case when sent then 1 else 0 end,
      -- What needed a person and is older than a week was handled by then (finance works its queue).
      case when attention and old then c + interval '1 day' end, case when attention and old then 'seed-maker-1' end,
      case when attention and old then 'maker1@seed.test' end, case when attention and old then 'Tratado com o fornecedor' end
    from (
      select g, v, m, c, batch, st,
        st in ('paid','registered','refused','provider_canceled','failed','outcome_unknown') as sent,
        st in ('paid','refused','provider_canceled','failed','rejected','canceled','expired') as final,
        st in ('refused','provider_canceled','failed','outcome_unknown','held') as attention,
        g <= ${int(n - unhandled)} as old
      from (
        select g, (1000 + ${mix(1, 1200000)}) * (case when ${mix(6, 20)} = 0 then 10 else 1 end) as v,
          1 + ${mix(2, makers)} as m,
          ${now}::timestamptz - ${span} + (g::float8 / ${int(n)}) * ${span} as c,
          (g / 200) % 10 < 3 as batch,
          case
            when g > ${int(n - waiting)} then (array['awaiting_approval','approved','registered','scheduled','submitting'])[1 + ${mix(7, 5)}]
            else (case when ${mix(8, 1000)} < 900 then 'paid' when ${mix(8, 1000)} < 920 then 'refused' when ${mix(8, 1000)} < 930 then 'provider_canceled'
              when ${mix(8, 1000)} < 950 then 'rejected' when ${mix(8, 1000)} < 970 then 'canceled' when ${mix(8, 1000)} < 985 then 'expired'
              when ${mix(8, 1000)} < 992 then 'failed' when ${mix(8, 1000)} < 996 then 'outcome_unknown' else 'held' end)
          end as st
        from generate_series(1, ${int(n)}) g
      ) raw
    ) t
    join seed_receivers rc on rc.r = ${mix(9, receivers)}
    -- In the order they were made, as months of appends lay them out (the newest pages together).
    order by g`);

  await db.execute(sql`insert into batches (id, file_sha256, file_name, file_format, maker_id, maker_email, state, rows, valid, invalid, total_cents, submitted_by_id, created_at, updated_at, submitted_at, finished_at)
    select batch_id, md5(batch_id), batch_id || '.csv', 'csv', min(maker_id), min(maker_email), 'completed', count(*), count(*), 0, sum(value_cents), min(maker_id),
      min(created_at), max(created_at), min(created_at), max(settled_at)
    from transfer_requests where batch_id is not null group by batch_id`);
  await db.execute(sql`insert into transfer_series (id, every, count, first_day, maker_id, maker_email, created_at)
    select series_id, 'month', 12, to_char(min(created_at) at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'), min(maker_id), min(maker_email), min(created_at)
    from transfer_requests where series_id is not null group by series_id`);
  await db.execute(sql`insert into approvals (transfer_id, approver_id, approver_email, at)
    select id, 'seed-approver-' || (1 + length(id) % 5), 'approver' || (1 + length(id) % 5) || '@seed.test', created_at + interval '2 minutes'
    from transfer_requests where approvals_required > 0 and state not in ('awaiting_approval','rejected','expired','canceled')`);

  await db.execute(sql`insert into transfer_events (transfer_id, at, from_state, to_state, actor_id, actor_email)
    select id, created_at, null, case when approvals_required > 0 then 'awaiting_approval' else 'approved' end, maker_id, maker_email from transfer_requests
    union all
    select id, updated_at, case when state in ('rejected','expired','canceled') then 'awaiting_approval' else 'submitting' end, state, null, null
    from transfer_requests where state not in ('awaiting_approval','approved','scheduled')`);

  // Audit: every creation; the submission of what was sent; each approval, rejection and cancellation; a sign-in per ten requests.
  await db.execute(sql`insert into audit_log (at, actor_id, actor_email, action, target, outcome, detail)
    select created_at, maker_id, maker_email, 'transfer.create', id, 'success', jsonb_build_object('value_cents', value_cents) from transfer_requests
    union all
    select submitted_at, null, null, 'transfer.submit', id, 'success', '{}'::jsonb from transfer_requests where submitted_at is not null
    union all
    select a.at, a.approver_id, a.approver_email, 'transfer.approve', a.transfer_id, 'success', '{}'::jsonb from approvals a
    union all
    select updated_at, maker_id, maker_email, case state when 'rejected' then 'transfer.reject' when 'canceled' then 'transfer.cancel' else 'transfer.expire' end, id, 'success', '{}'::jsonb
    from transfer_requests where state in ('rejected','canceled','expired')
    union all
    select created_at - interval '3 minutes', maker_id, maker_email, 'auth.sign_in', null, 'success', '{}'::jsonb from transfer_requests where id like '%0'`);
}
