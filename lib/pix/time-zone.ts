/** Brazil's time zone: every date the back office shows or reads is in it (DESIGN). The one place it is named. */
export const BRAZIL_TZ = "America/Sao_Paulo";
