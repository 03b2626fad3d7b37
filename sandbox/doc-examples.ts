/**
 * The provider documentation's own examples, copied as printed (the provider's public pages,
 * PrimePag then Zendry; JSON syntax errors such as trailing commas aside). The sandbox's tests
 * check its answers against these shapes, not against the back office's schemas, and send these
 * requests as a partner copying the documentation would.
 */

/** POST /v1/pix/payments, "HTTP Request Body - DICT". */
export const REGISTER_DICT_EXAMPLE = {
  initiation_type: "dict",
  idempotent_id: "PAGAMENTO_PARCEIRO01",
  receiver_name: "John Doe",
  receiver_document: "67178678097",
  value_cents: 10000,
  pix_key_type: "cpf",
  pix_key: "67178678097",
  authorized: false,
};

/** POST /v1/pix/payments, "HTTP Request Body - MANUAL". */
export const REGISTER_MANUAL_EXAMPLE = {
  initiation_type: "manual",
  idempotent_id: "PAGAMENTO_PARCEIRO02",
  value_cents: 10000,
  receiver_name: "John Doe",
  receiver_document: "67178678097",
  receiver_bank_ispb: "00000000",
  receiver_agency: "0000",
  receiver_account: "00000000",
  receiver_account_type: "CACC",
  authorized: false,
};

/** GET v1/pix/payments/{idempotent_id}/idempotent_id, "HTTP 200 Response Body": note the key "end_to_end " (trailing space). */
export const SINGLE_READ_EXAMPLE = {
  payment: {
    reference_code: "TEST01",
    idempotent_id: "PAGAMENTO_PARCEIRO01",
    value_cents: 10000,
    pix_key: "67178678097",
    pix_key_type: "cpf",
    receiver_name: "Joe Doe",
    receiver_document: "67178678097",
    receiver_bank_name: "Nome Banco S.A.",
    receiver_agency: "000001",
    receiver_account: "2398438",
    receiver_account_type: "checking_account",
    status: "completed",
    registration_date: "2021-07-16T08:14:04.000-03:00",
    payment_date: "2021-07-16T08:14:04.000-03:00",
    cancellation_date: null,
    cancellation_reason: null,
    "end_to_end ": "E18236120202206142202a1022c1tg10",
  },
};

/** Payments notification: the body, and the secret its md5 was made with ("the word SECRETKEY"). */
export const PAYMENT_NOTIFICATION_EXAMPLE = {
  secretKey: "SECRETKEY",
  body: {
    notification_type: "pix_payment",
    message: {
      value_cents: 1,
      reference_code: "P202306150000039870",
      idempotent_id: "TEST300523-05",
      pix_key: "09354532454",
      pix_key_type: "cpf",
      status: "completed",
      end_to_end: null,
      receiver_name: "Usuário CREDCEOS",
      receiver_document: "00000000000",
      registration_date: "2023-06-15T09:49:52.000-03:00",
      payment_date: "2023-06-15T09:49:54.000-03:00",
      cancellation_date: null,
      cancellation_reason: null,
      receipt_url: null,
    },
    md5: "9b5b3e1e7659d81c406bd40a96c83294",
  },
};

/**
 * QR codes notification (PrimePag's page; Zendry's prints ZENDRYPIXQRCODE2 as the reference but
 * kept this md5, which only the PrimePag reference reproduces).
 */
export const QRCODE_NOTIFICATION_EXAMPLE = {
  secretKey: "SECRETKEY",
  body: {
    notification_type: "pix_qrcode",
    message: {
      reference_code: "PRIMEPAGPIXQRCODE2",
      value_cents: 2,
      content:
        "00020101021126580014br.gov.bcb.pix0136d5091c68-5056-481b-88ad-95eb340a1a2152040000530398654040.025802BR5925Primepag Solucoes em Paga6009SAO PAULO62220518PRIMEPAGPIXQRCODE263044FC9",
      status: "paid",
      generator_name: "John Doe",
      generator_document: "67178678097",
      payer_name: "John Doe",
      payer_document: "67178678097",
      registration_date: "2021-11-10T14:51:25.000-03:00",
      payment_date: "2021-11-10T14:52:10.000-03:00",
      end_to_end: "E18236120202206142202a1022c1tg10",
    },
    md5: "679f3ff14b8eadd1e504f2a35c0d8fb3",
  },
};

/** POST /v1/pix/checkout, "HTTP Request Body": expiration_time as text, a link without a scheme, a CPF with wrong check digits. */
export const CHECKOUT_EXAMPLE = {
  value_cents: 10001,
  generator_name: "John Doe",
  generator_document: "12345678900",
  expiration_time: "1800",
  external_link: "johndoepage.com",
};

/** POST /v1/pix/checkout, "HTTP 201 Response Body". */
export const CHECKOUT_ANSWER_EXAMPLE = {
  qrcode_checkout: {
    payment_link: "https://checkout.zendry.com.br/pix_charge/6058042c-53d9-412c-9bbe-41032a8acc99",
    request_id: "6058042c-53d9-412c-9bbe-41032a8acc99",
    reference_code: "ZENDRYTESTPIXQRCODE734",
  },
};

/**
 * POST /v1/pix/qrcodes, "HTTP Request Body" as printed: a template whose values are the fields'
 * types ("string"), not values.
 */
export const CHARGE_TEMPLATE = {
  value_cents: 10001,
  generator_name: "string",
  generator_document: "string",
  expiration_time: "string",
  external_reference: "string",
  platform_name: "string",
  billing_url: "string",
  return_url: "string",
};

/**
 * The same request with the values the documentation gives these fields elsewhere (the checkout
 * example's generator and expiration, a reference as the list examples show them).
 */
export const CHARGE_EXAMPLE = {
  value_cents: 10001,
  generator_name: "John Doe",
  generator_document: "12345678900",
  expiration_time: "1800",
  external_reference: "TEST01",
};

/** The fields the documentation lists for a registration's 201 answer, and for each list item. */
export const REGISTRATION_ANSWER_FIELDS = [
  "reference_code",
  "idempotent_id",
  "value_cents",
  "pix_key_type",
  "pix_key",
  "receiver_name",
  "receiver_document",
  "status",
] as const;
