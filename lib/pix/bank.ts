import { searchKey } from "./text";

export type PixParticipant = { ispb: string; name: string; code?: string };

/** ISPB: the 8-digit identifier of an institution in the Brazilian payment system. */
export function isValidIspb(s: string): boolean {
  return /^\d{8}$/.test(s);
}

/** Branch (agência): 1 to 4 digits, no check digit. */
export function isValidBranch(s: string): boolean {
  return /^\d{1,4}$/.test(s);
}

/** Account number with its check digit, digits only, up to 20. */
export function isValidAccount(s: string): boolean {
  return /^\d{1,20}$/.test(s);
}

/**
 * A branch as Brazilians write it: four digits with their leading zeros ("1" -> "0001"; the
 * provider's "000001" -> "0001"). Anything that is not digits is shown as it came.
 */
export function formatAgency(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  if (!/^\d+$/.test(text)) return text;
  const bare = text.replace(/^0+(?=\d{4})/, "");
  return bare.padStart(4, "0");
}

/**
 * An account with its check digit as Brazilians write it: "100044" -> "10004-4" (the last digit
 * is the check digit). Already punctuated, or not digits: shown as it came.
 */
export function formatAccount(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  if (!/^\d{2,}$/.test(text)) return text;
  return `${text.slice(0, -1)}-${text.slice(-1)}`;
}

/** The bank's name for an ISPB ("Itaú Unibanco (60701190)"), or the ISPB alone when it is not a known one. */
export function bankLabel(ispb: string | null | undefined, name?: string | null): string | null {
  if (name?.trim()) return name.trim();
  if (!ispb) return null;
  const known = findParticipant(ispb);
  return known ? `${known.name} (${ispb})` : ispb;
}

/**
 * Well-known Pix participants: ISPB (the first 8 digits of the institution's CNPJ), a
 * short name people recognise, and the 3-digit COMPE code. Checked against the Banco
 * Central participant list (STR). Not exhaustive: a payment may name any ISPB.
 */
export const PIX_PARTICIPANTS: ReadonlyArray<PixParticipant> = [
  { ispb: "00000000", name: "Banco do Brasil", code: "001" },
  { ispb: "00000208", name: "BRB - Banco de Brasília", code: "070" },
  { ispb: "00360305", name: "Caixa Econômica Federal", code: "104" },
  { ispb: "00416968", name: "Banco Inter", code: "077" },
  { ispb: "01181521", name: "Banco Cooperativo Sicredi", code: "748" },
  { ispb: "02038232", name: "Banco Sicoob", code: "756" },
  { ispb: "02332886", name: "XP Investimentos", code: "102" },
  { ispb: "04902979", name: "Banco da Amazônia", code: "003" },
  { ispb: "04913711", name: "Banpará", code: "037" },
  { ispb: "05463212", name: "Ailos", code: "085" },
  { ispb: "07237373", name: "Banco do Nordeste", code: "004" },
  { ispb: "08561701", name: "PagBank (PagSeguro)", code: "290" },
  { ispb: "09089356", name: "Efí (Gerencianet)", code: "364" },
  { ispb: "10398952", name: "Cresol", code: "133" },
  { ispb: "10573521", name: "Mercado Pago", code: "323" },
  { ispb: "10664513", name: "Agibank", code: "121" },
  { ispb: "13009717", name: "Banese", code: "047" },
  { ispb: "13140088", name: "Acesso Soluções de Pagamento", code: "332" },
  { ispb: "13935893", name: "Celcoin", code: "509" },
  { ispb: "16501555", name: "Stone", code: "197" },
  { ispb: "17184037", name: "Banco Mercantil do Brasil", code: "389" },
  { ispb: "18236120", name: "Nu Pagamentos (Nubank)", code: "260" },
  { ispb: "19540550", name: "Asaas", code: "461" },
  { ispb: "20855875", name: "Neon Pagamentos", code: "536" },
  { ispb: "22896431", name: "PicPay", code: "380" },
  { ispb: "27098060", name: "Banco Digio", code: "335" },
  { ispb: "28127603", name: "Banestes", code: "021" },
  { ispb: "28195667", name: "Banco ABC Brasil", code: "246" },
  { ispb: "30306294", name: "BTG Pactual", code: "208" },
  { ispb: "31872495", name: "C6 Bank", code: "336" },
  { ispb: "33264668", name: "Banco XP", code: "348" },
  { ispb: "33479023", name: "Citibank", code: "745" },
  { ispb: "37880206", name: "Cora", code: "403" },
  { ispb: "58160789", name: "Banco Safra", code: "422" },
  { ispb: "59285411", name: "Banco Pan", code: "623" },
  { ispb: "59588111", name: "Banco BV (Votorantim)", code: "655" },
  { ispb: "60701190", name: "Itaú Unibanco", code: "341" },
  { ispb: "60746948", name: "Bradesco", code: "237" },
  { ispb: "60889128", name: "Banco Sofisa", code: "637" },
  { ispb: "61186680", name: "Banco BMG", code: "318" },
  { ispb: "62144175", name: "Banco Pine", code: "643" },
  { ispb: "62232889", name: "Banco Daycoval", code: "707" },
  { ispb: "71027866", name: "Banco BS2", code: "218" },
  { ispb: "90400888", name: "Santander", code: "033" },
  { ispb: "92702067", name: "Banrisul", code: "041" },
  { ispb: "92894922", name: "Banco Original", code: "212" },
];

const BY_ISPB = new Map(PIX_PARTICIPANTS.map((p) => [p.ispb, p]));

/** The participant with this ISPB, if it is in the shipped list. */
export function findParticipant(ispb: string): PixParticipant | undefined {
  return BY_ISPB.get(ispb.trim());
}

/** "Itaú Unibanco (60701190)", or the bare ISPB when it is not in the list. */
export function participantLabel(ispb: string): string {
  const p = findParticipant(ispb);
  return p ? `${p.name} (${p.ispb})` : ispb;
}

/**
 * Participants matching what a person typed: digits match an ISPB prefix or the exact
 * COMPE code; words match the name anywhere, ignoring accents and case ("itau" finds
 * "Itaú Unibanco"). Best matches first: exact ISPB/code, then prefix, then by name position.
 * An empty query returns the whole list.
 */
export function searchParticipants(query: string): PixParticipant[] {
  const q = searchKey(query);
  if (!q) return [...PIX_PARTICIPANTS];
  const ranked: Array<{ p: PixParticipant; rank: number }> = [];
  for (const p of PIX_PARTICIPANTS) {
    const rank = matchRank(p, q);
    if (rank !== null) ranked.push({ p, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank).map((r) => r.p);
}

function matchRank(p: PixParticipant, q: string): number | null {
  if (/^\d+$/.test(q)) {
    if (p.ispb === q || p.code === q.padStart(3, "0")) return 0;
    if (p.ispb.startsWith(q)) return 1;
  }
  const name = searchKey(p.name);
  const at = name.indexOf(q);
  if (at === -1) return null;
  // A match at a word start ranks above one inside a word, wherever it occurs.
  for (let i = at; i !== -1; i = name.indexOf(q, i + 1)) {
    if (i === 0 || name[i - 1] === " " || name[i - 1] === "(") return 2 + i;
  }
  return 200 + at;
}
