/**
 * What the browser receives from our /api routes. The answers keep the provider's field names
 * ("same params and shape as the provider"), already normalised by the contract schemas at the
 * server's border.
 */
export type {
  ListMeta,
  ListPaymentsParams,
  PaymentDetail,
  PaymentListItem,
  PaymentStatus,
  PixKeyType,
  Qrcode,
  QrcodeStatus,
  RegisteredPayment,
  RegisterTransfer,
  RegisterTransferInput,
} from "@/lib/contract";
