import { normaliseEmailAddress } from "#app/lib/email-address";

/** Mail providers that ignore dots in the local part (`a.b@gmail.com` reaches `ab@gmail.com`). */
const dotlessDomains = new Set(["gmail.com", "googlemail.com"]);

/**
 * The key every address of the same inbox shares, for counting attempts and seats per person and
 * for keying the one welcome e-mail: the address normalised (normaliseEmailAddress), then the
 * `+tag` of the local part removed, and for Gmail the dots removed and googlemail.com read as
 * gmail.com. A looser "same person" than "same address" (docs/decisions/061): never stored as an
 * address nor used to write to or to look an address up.
 */
export function normaliseAddress(email: string): string {
  const address = normaliseEmailAddress(email);
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const tag = local.indexOf("+");
  if (tag > 0) local = local.slice(0, tag);
  if (dotlessDomains.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
