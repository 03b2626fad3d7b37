"use client";

export { DetailError as default } from "@/components/payment-detail/detail-error";
