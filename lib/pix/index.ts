// Pix domain rules, true whoever the provider is. Pure functions, no I/O.
export * from "./bank";
export * from "./brcode";
export * from "./brcode-encode";
export * from "./cnpj";
export * from "./cpf";
export * from "./crc16";
export * from "./date-presets";
export * from "./document";
export * from "./emv";
export * from "./end-to-end";
export * from "./money";
export * from "./money-words";
export * from "./phone";
export * from "./pix-key";
export * from "./seeded-random";
export * from "./text";
export * from "./time";
