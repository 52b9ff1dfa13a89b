// The generic form's patterns. Email is a simple shape check (the server confirms the
// address by sending to it); cards pass the Luhn check; postal codes follow their country's form.

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** 13 to 19 digits (spaces and dashes allowed) passing the Luhn checksum. */
export function isCreditCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** US ZIP: 5 digits, or 5+4. */
export const isUsZip = (value: string) => /^\d{5}(-\d{4})?$/.test(value.trim());

/** Canadian postal code, e.g. K1A 0B1 (the space optional). */
export const isCanadianPostalCode = (value: string) =>
  /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i.test(value.trim());
