/**
 * The name the welcome page greets a member by: the first word of their profile's full name,
 * else of their account name, else what comes before the @ of their e-mail, else 'friend'.
 */
export function firstNameOf(member: { fullName?: string | null; name?: string | null; email?: string | null }): string {
  const firstWord = (text: string | null | undefined) => text?.trim().split(/\s+/)[0] ?? "";
  const localPart = member.email?.trim().split("@")[0]?.trim() ?? "";
  return firstWord(member.fullName) || firstWord(member.name) || localPart || "friend";
}
