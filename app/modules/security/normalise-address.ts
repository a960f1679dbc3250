/** Mail providers that ignore dots in the local part (`a.b@gmail.com` reaches `ab@gmail.com`). */
const dotlessDomains = new Set(["gmail.com", "googlemail.com"]);

/**
 * The one form of an e-mail address that every spelling of the same inbox shares, for counting
 * attempts and seats per person and for keying the one welcome e-mail: trimmed, lower-cased, the
 * `+tag` of the local part removed, and for Gmail the dots removed and googlemail.com read as
 * gmail.com. Never used as the address to write to: mail goes to the address as typed.
 */
export function normaliseAddress(email: string): string {
  const address = email.trim().toLowerCase();
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
