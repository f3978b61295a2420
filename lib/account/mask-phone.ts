/** Hides the middle four digits of an 11-digit mobile number: 138****0001. Other values pass unchanged. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const p = phone.trim();
  return /^\d{11}$/.test(p) ? `${p.slice(0, 3)}****${p.slice(7)}` : p;
}
