/**
 * An e-mail address in the one form the site stores and compares (docs/decisions/061): the whole
 * address trimmed of surrounding white space and lower-cased. Two spellings are the same address
 * exactly when their normalised forms are equal: `Ada.Lovelace@Example.COM` and
 * ` ada.lovelace@example.com ` are one address; `ada+news@gmail.com` and `ada@gmail.com` are two
 * (that looser "same person" key is security's `normaliseAddress`, built on this one).
 */
export type EmailAddress = string & { readonly __brand: "EmailAddress" };

/** The stored and compared form of `raw`: trimmed and lower-cased. An empty string stays empty. */
export function normaliseEmailAddress(raw: string): EmailAddress {
  return raw.trim().toLowerCase() as EmailAddress;
}

/** Whether two spellings name the same address. */
export function sameEmailAddress(a: string, b: string): boolean {
  return normaliseEmailAddress(a) === normaliseEmailAddress(b);
}

/** Each distinct address of `raws` once, normalised, blanks dropped, in first-seen order. */
export function distinctEmailAddresses(raws: Iterable<string>): EmailAddress[] {
  const seen = new Set<EmailAddress>();
  for (const raw of raws) {
    const address = normaliseEmailAddress(raw);
    if (address) seen.add(address);
  }
  return [...seen];
}
