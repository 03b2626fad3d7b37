import type { UseFormReturn } from "react-hook-form";
import type { RegisterFormValues } from "@/lib/transfer-form/form-values";
import type { TransferDraft } from "@/lib/transfer-form/validate";

/** The register form: text values in, the parsed draft (what will be sent) out. */
export type RegisterForm = UseFormReturn<RegisterFormValues, unknown, TransferDraft>;
