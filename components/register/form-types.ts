import type { UseFormReturn } from "react-hook-form";
import type { RegisterTransfer } from "@/lib/contract";
import type { RegisterFormValues } from "@/lib/register/form-values";

/** The register form: text values in, the parsed transfer (what will be sent) out. */
export type RegisterForm = UseFormReturn<RegisterFormValues, unknown, RegisterTransfer>;
