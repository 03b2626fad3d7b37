import en from "@/messages/en";
import ptBR from "@/messages/pt-BR";
import type { Locale } from "./config";

/** The shape every language's messages have: English's (pt-BR is checked against it). */
export type Messages = typeof en;

export const MESSAGES: Record<Locale, Messages> = { "pt-BR": ptBR, en };

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
