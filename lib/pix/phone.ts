/** International form the DICT stores phone keys in (E.164 with a leading +). */
const E164_RE = /^\+[1-9]\d{1,14}$/;

/**
 * Phone as typed -> `+<country><number>`, or null when it cannot be read as one.
 * Accepts "(11) 91234-5678", "11912345678", "011 91234-5678" (trunk 0), "+55 11 91234 5678",
 * "5511912345678". Digits without a + are read as Brazilian: 10-11 digits are area code +
 * number, 12-13 digits starting with 55 already carry the country code.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\u00a0().\-]/g, "");
  if (compact.startsWith("+")) {
    const digits = compact.slice(1);
    return /^\d+$/.test(digits) ? `+${digits}` : null;
  }
  if (!/^\d+$/.test(compact)) return null;
  // A leading 0 is the trunk prefix: no Brazilian area code starts with 0.
  const national = compact.length >= 11 && compact.startsWith("0") ? compact.slice(1) : compact;
  if (national.length === 10 || national.length === 11) return `+55${national}`;
  if ((national.length === 12 || national.length === 13) && national.startsWith("55")) return `+${national}`;
  return null;
}

/**
 * Why a normalised phone is not a valid key (a message key of the `validation` namespace), or
 * null. Brazil (+55) gets its own, stricter rules.
 */
export function phoneError(normalized: string | null): string | null {
  if (normalized === null || !E164_RE.test(normalized)) return "validation.pixKey.phone.format";
  if (!normalized.startsWith("+55")) return null;
  const national = normalized.slice(3);
  if (national.length !== 10 && national.length !== 11) return "validation.pixKey.phone.brLength";
  if (!/^[1-9]{2}/.test(national)) return "validation.pixKey.phone.areaCode";
  const subscriber = national.slice(2);
  if (subscriber.length === 9 && !subscriber.startsWith("9")) return "validation.pixKey.phone.mobileNine";
  // 8 digits: landlines start with 2-5; 6-9 is a mobile number missing its leading 9.
  if (subscriber.length === 8 && /^[6-9]/.test(subscriber)) return "validation.pixKey.phone.mobileMissingNine";
  if (subscriber.length === 8 && /^[01]/.test(subscriber)) return "validation.pixKey.phone.landline";
  return null;
}

/** `+5511912345678` -> `+55 11 91234-5678`; other numbers come back unchanged. */
export function formatPhone(normalized: string): string {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(normalized);
  return m ? `+55 ${m[1]} ${m[2]}-${m[3]}` : normalized;
}
