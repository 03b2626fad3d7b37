import "server-only";
import { resolveLocale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/server";
import { formatBRL } from "@/lib/pix/money";
import type { PushSubject } from "./subjects";

/**
 * What a push carries, and nothing more: it is shown on a lock screen, where anyone near the phone
 * reads it, and it crosses the browser maker's push service (encrypted end to end, RFC 8291, but
 * kept there until the phone comes online). So: the amount, the receiver's name (or the batch's
 * file and size), who asked, and the address of the item, where the rest is read after signing
 * in. Never the receiver's document, Pix key or bank account, the description, or any id beyond
 * the one in the address.
 */
export type PushPayload = {
  /** "awaiting": it needs you; "decided": someone decided it (the same notification, replaced). */
  kind: "awaiting" | "decided";
  /** The notification's tag: a later push with the same tag replaces the earlier one. */
  tag: string;
  title: string;
  body: string;
  /** The item's address, absolute (the notification opens it). */
  url: string;
  /** The amount as people read it (pt-BR BRL). */
  amount: string;
  receiver: string | null;
  maker: string;
};

export function pushPayload(subject: PushSubject, kind: PushPayload["kind"], o: { locale: string | null; appUrl: string }): PushPayload {
  const t = translator(resolveLocale(o.locale));
  const amount = formatBRL(subject.valueCents);
  const maker = subject.makerEmail;
  const receiver = subject.kind === "batch" ? (subject.fileName ?? null) : subject.receiverName;
  const url = new URL(subject.href, o.appUrl).toString();
  if (kind === "decided") {
    const state = subject.outcome?.state ?? "decided";
    const by = subject.outcome?.byEmail;
    return {
      kind,
      tag: subject.key,
      title: t("security.push.notice.decidedTitle", { amount }),
      body: by ? t("security.push.notice.decidedBy", { state, by }) : t("security.push.notice.decided", { state }),
      url,
      amount,
      receiver,
      maker,
    };
  }
  const title =
    subject.kind === "batch"
      ? t("security.push.notice.batchTitle", { amount })
      : subject.kind === "series"
        ? t("security.push.notice.seriesTitle", { amount, count: subject.count })
        : t("security.push.notice.transferTitle", { amount });
  const body =
    subject.kind === "batch"
      ? t("security.push.notice.batchBody", { count: subject.count, file: receiver ?? "-", maker })
      : t("security.push.notice.transferBody", { receiver: receiver ?? "-", maker });
  return { kind, tag: subject.key, title, body, url, amount, receiver, maker };
}
