// The pt-BR messages: one JSON file per namespace (small files, one owner each). Add a namespace
// here and in the other language's index; the type check and lib/i18n/messages.test.ts keep the
// two languages' keys equal.
import type { Messages } from "@/lib/i18n/messages";
import adminChanges from "./adminChanges.json";
import apiDocs from "./apiDocs.json";
import apiErrors from "./apiErrors.json";
import alerts from "./alerts.json";
import approvals from "./approvals.json";
import audit from "./audit.json";
import auth from "./auth.json";
import balance from "./balance.json";
import batches from "./batches.json";
import cash from "./cash.json";
import charges from "./charges.json";
import common from "./common.json";
import costCentres from "./costCentres.json";
import erpWebhooks from "./erpWebhooks.json";
import errors from "./errors.json";
import events from "./events.json";
import exports from "./exports.json";
import formats from "./formats.json";
import glossary from "./glossary.json";
import layout from "./layout.json";
import lookup from "./lookup.json";
import overview from "./overview.json";
import paymentDetail from "./paymentDetail.json";
import payments from "./payments.json";
import qrcodeDetail from "./qrcodeDetail.json";
import qrcodes from "./qrcodes.json";
import receivers from "./receivers.json";
import receipts from "./receipts.json";
import reconciliation from "./reconciliation.json";
import register from "./register.json";
import security from "./security.json";
import serviceAccounts from "./serviceAccounts.json";
import statement from "./statement.json";
import table from "./table.json";
import transfers from "./transfers.json";
import users from "./users.json";
import validation from "./validation.json";
import webhooks from "./webhooks.json";

const messages = { adminChanges, alerts, apiDocs, apiErrors, approvals, audit, auth, balance, batches, cash, charges, common, costCentres, erpWebhooks, errors, events, exports, formats, glossary, layout, lookup, overview, paymentDetail, payments, qrcodeDetail, qrcodes, receipts, receivers, reconciliation, register, security, serviceAccounts, statement, table, transfers, users, validation, webhooks } satisfies Messages;
export default messages;
