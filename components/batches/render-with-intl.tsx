import { NextIntlClientProvider } from "next-intl";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { TIME_ZONE, type Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Test-only: renders client components into a jsdom container with the real messages of `locale`. */
export function renderWithIntl(ui: ReactNode, locale: Locale = "en"): { host: HTMLElement; root: Root; unmount: () => void } {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  act(() =>
    root.render(
      <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone={TIME_ZONE}>
        {ui}
      </NextIntlClientProvider>,
    ),
  );
  return {
    host,
    root,
    unmount: () => {
      act(() => root.unmount());
      host.remove();
    },
  };
}
