/** A cost centre as the API answers it. */
export type CostCentre = { id: string; code: string; name: string; active: boolean; created_at: string; updated_at: string };

/** What was paid for one cost centre in a period (null: transfers that name none). */
export type CostCentreTotal = { cost_centre: { id: string; code: string; name: string } | null; count: number; total_cents: number };
