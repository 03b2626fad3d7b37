import { writeFileSync } from "node:fs";

import { renderReceiptPdf } from "@/lib/receipts/pdf";
await (async () => {
  const pdf = await renderReceiptPdf({
    payer: { name: "Empresa Demonstração Ltda", document: "11222333000181" }, amountCents: 123456, paidAt: "2026-11-16T14:15:02.123-03:00",
    endToEnd: "E18236120202611161415SBXNOQRCOD1", referenceCode: "sbxfixture02completednoqr", idempotentId: "sandbox-known-completed-no-qr",
    receiver: { name: "Maria Aparecida dos Santos", document: "39053344705", pixKey: { type: "email", key: "maria.santos@gmail.com" }, bank: { ispb: null, name: "Banco do Brasil", agency: "1234", account: "567890", accountType: "checking_account" } },
    description: "Nota fiscal 42", receiptUrl: "https://provider.example/receipts/abc" }, { locale: "pt-BR" });
  writeFileSync("/tmp/receipt.pdf", pdf);
  console.log("bytes", pdf.length);
})();
