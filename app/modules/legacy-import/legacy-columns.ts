/**
 * The import's contract with the old site's data (docs/decisions/053): every file (table) it reads,
 * every column of each, whether it is required, its format and an example. One source of truth:
 * the reader checks a source's columns against it, the planner reads its date-and-time columns by
 * it, `npm run import:legacy -- --help` prints it, the README's tables are made from it (a test
 * compares them) and the sample folder (docs/legacy-sample/) has exactly these columns, its first
 * row the examples (a test compares that too). Pure.
 */

/** The legacy tables the import reads, each optional. `auth.users` is `users.csv` in a folder. */
export const LEGACY_TABLES = [
  "auth.users",
  "profiles",
  "community",
  "newsletter",
  "waitlist",
  "music_access",
  "user_profiles",
  "events_management",
  "events",
  "reservations",
  "invitation_summary",
] as const;
export type LegacyTable = (typeof LEGACY_TABLES)[number];

export interface LegacyColumn {
  name: string;
  /** Without it no row of the file can be imported (or found again by a later run): the file is refused. */
  required: boolean;
  /** What the cell holds and how it is read (Markdown: `code` for literal text). */
  format: string;
  /** A cell as the sample folder's first row has it. */
  example: string;
  /** A date and time: read before any row is (`readLegacyTimestamp`), in the venue's zone when it has none. */
  timestamp?: true;
  /** Names a hand-made file may give it instead ('name' for an event's title): the report asks whether that was meant. */
  alsoCalled?: string[];
}

export interface LegacyFile {
  table: LegacyTable;
  /** Its name in a folder of CSV files. */
  file: string;
  /** What the file is and what it becomes here (Markdown). */
  about: string;
  columns: LegacyColumn[];
  /** Columns the old site's table has that are read past: not imported, not reported as unknown. */
  notImported?: { columns: string[]; why: string };
}

const TIMESTAMP = "date and time, `2024-03-01 10:00:00+00` (or ISO 8601, or `3/1/2024 10:00 AM`); without an offset, the venue's clock";
const BOOLEAN = "`true` or `false` (`t`/`f`, `yes`/`no`, `1`/`0`)";

const column = (name: string, required: boolean, format: string, example: string, more: Partial<LegacyColumn> = {}): LegacyColumn => ({
  name,
  required,
  format,
  example,
  ...more,
});
const timestamp = (name: string, required: boolean, what: string, example: string): LegacyColumn =>
  column(name, required, `${what}; ${TIMESTAMP}`, example, { timestamp: true });
const createdAt = (what: string, example: string) => timestamp("created_at", false, what, example);

/** The hosted auth service's own columns of `auth.users`, besides those imported. */
const AUTH_SERVICE_COLUMNS = [
  "instance_id",
  "aud",
  "role",
  "invited_at",
  "confirmation_token",
  "confirmation_sent_at",
  "recovery_token",
  "recovery_sent_at",
  "email_change_token_new",
  "email_change",
  "email_change_sent_at",
  "last_sign_in_at",
  "raw_app_meta_data",
  "is_super_admin",
  "updated_at",
  "phone",
  "phone_confirmed_at",
  "phone_change",
  "phone_change_token",
  "phone_change_sent_at",
  "confirmed_at",
  "email_change_token_current",
  "email_change_confirm_status",
  "banned_until",
  "reauthentication_token",
  "reauthentication_sent_at",
  "is_sso_user",
  "deleted_at",
  "is_anonymous",
];

export const LEGACY_FILES: readonly LegacyFile[] = [
  {
    table: "auth.users",
    file: "users.csv",
    about:
      "The members' accounts: the hosted auth service's users table (`auth.users` in the old database). Each becomes a member account here (staff rights come from `ADMIN_EMAILS` and `EVENT_STAFF_EMAILS`, never from the old site); an account already here for the address is kept as it is.",
    columns: [
      column("id", false, "the account's id (a UUID); profiles.csv's `user_id` names it; without it the address names the row", "6f1c2a9e-3b1d-4c7e-9a51-2d8f0b6e4a10"),
      column("email", true, "e-mail address (case and spaces do not matter)", "maya.lin@example.com"),
      column(
        "encrypted_password",
        false,
        "the password's bcrypt hash (`$2a$`, `$2b$` or `$2y$`), kept so the old password works; empty or any other kind: that member signs in by e-mailed link",
        "$2b$10$8XK6Y/UcRnS/NBoNIGppQuB4Sw3WX8Bqyk8bzZ9kohuDmvo7P5/xO",
      ),
      timestamp("email_confirmed_at", false, "when the address was confirmed; empty: not confirmed", "2024-03-01 10:05:00+00"),
      createdAt("when the account was made", "2024-03-01 10:00:00+00"),
      column("raw_user_meta_data", false, "JSON; its `full_name` (or `name`) names the member when no other file does", '{"full_name":"Maya Lin"}'),
    ],
    notImported: { columns: AUTH_SERVICE_COLUMNS, why: "the auth service's own columns" },
  },
  {
    table: "profiles",
    file: "profiles.csv",
    about: "Members' profiles, one per account of users.csv: their name, bio and meditation preferences.",
    columns: [
      column("id", false, "the profile's number; without it `user_id` names the row", "1"),
      column("user_id", true, "the `id` of its account in users.csv", "6f1c2a9e-3b1d-4c7e-9a51-2d8f0b6e4a10"),
      column("full_name", false, "text", "Maya Lin"),
      column("bio", false, "text, several lines allowed", "Pianist at heart."),
      column("preferred_meditation_duration", false, "minutes: `5`, `10`, `15`, `20`, `30`, `45` or `60`", "20"),
      column("preferred_meditation_time", false, "`morning`, `afternoon`, `evening`, `night` or `variable`", "evening"),
      column("notification_preference", false, `${BOOLEAN}; empty: true`, "true"),
      createdAt("when it was made", "2024-03-01 10:10:00+00"),
      timestamp("updated_at", false, "when it last changed", "2024-03-02 10:10:00+00"),
    ],
  },
  {
    table: "community",
    file: "community.csv",
    about:
      "The community list (the old site's join form). One person per address here, joined at their earliest sign-up, with consent rows for the Terms, e-mail updates and, with a phone, texts (the old form's one box covered them).",
    columns: [
      column("id", false, "the sign-up's number; without it the address names the row", "1"),
      column("name", false, "the person's name", "Maya Lin"),
      column("email", true, "e-mail address", "maya.lin@example.com"),
      column("phone", false, "a phone number in any usual form (a US one without its `+1`); anything else is dropped, said", "(619) 555-0142"),
      column(
        "interest",
        false,
        "`piano`, `retreats`, `workshops`, `candlelight-yoga`, `events`, `breathwork` or `all`, or the form's label for one (`Retreats`); anything else is read as `all`, said",
        "piano",
      ),
      createdAt("when they signed up (their consents carry this time)", "2024-02-10 18:00:00+00"),
    ],
  },
  {
    table: "newsletter",
    file: "newsletter.csv",
    about: "The newsletter list: each address once, with a newsletter consent at its time.",
    columns: [column("email", true, "e-mail address", "news@example.com"), createdAt("when they subscribed", "2024-03-10 12:00:00+00")],
  },
  {
    table: "waitlist",
    file: "waitlist.csv",
    about: "The launch waitlist: each address once, with an e-mail-updates consent at its time.",
    columns: [column("email", true, "e-mail address", "wait@example.com"), createdAt("when they joined it", "2024-04-10 12:00:00+00")],
  },
  {
    table: "music_access",
    file: "music_access.csv",
    about: "Addresses given access to the members' music: an entitlement, not a mailing list (no consent).",
    columns: [column("email", true, "e-mail address", "vip@example.com")],
  },
  {
    table: "user_profiles",
    file: "user_profiles.csv",
    about: "The member directory (filled by the old invitation form): names, phone and interests by address.",
    columns: [
      column("email", true, "e-mail address", "maya.lin@example.com"),
      column("first_name", false, "text", "Maya"),
      column("last_name", false, "text", "Lin"),
      column("phone", false, "a phone number in any usual form", "(619) 555-0142"),
      column("interests", false, "a list: `{piano,retreats}` as the old database prints it, a JSON array, or words separated by commas", "{piano,retreats}"),
      createdAt("when it was filled in", "2024-06-01 12:00:00+00"),
    ],
  },
  {
    table: "events_management",
    file: "events_management.csv",
    about:
      "**The events themselves**, as the old site's Events page showed them: title, date and time as typed, place, description, picture, status. Each becomes an event here. (events.csv is something else: see below.)",
    columns: [
      column("id", true, "the event's number: how a later run knows it was imported", "1"),
      column("title", true, "text, up to 200 characters", "Candlelight Piano Evening", { alsoCalled: ["name", "event", "event_name"] }),
      column(
        "date",
        true,
        "as typed on the old site: `March 14th, 2027`, `Sat, Mar 14`, `3/14/2027`, `2027-03-14`; the venue's day; without a year, `--default-year`, else the year of `created_at`, is taken (said); unreadable: a draft dated when the row was made (said)",
        "March 14th, 2027",
      ),
      column("time", false, "as typed: `7:00 PM`, `7 pm`, `19:00`, `6:30 - 8:30 PM`; the venue's clock; empty or unreadable: 7:00 PM (said)", "7:00 PM"),
      column("location", false, "the place's name", "La Jolla"),
      column("address", false, "street address", "123 Prospect St"),
      column("description", false, "text, several lines allowed, up to 5,000 characters", "An evening of piano by candlelight."),
      column(
        "image",
        false,
        "one of the site's pictures (`/media/images/event-candlelight.svg`…) or a file's name in the `--images` folder (JPEG, PNG or WebP, at least 400x300); else the default picture (said)",
        "/media/images/event-candlelight.svg",
      ),
      column("featured", false, `${BOOLEAN}; empty: false`, "false"),
      column("get_tickets_link", false, "an address starting with `https://`", "https://tickets.example.com/candlelight"),
      column("button", false, "the card's button: `Past Event`, `Coming Soon`, `Private Event`, `Guest List Full`, `Get Tickets`, `Reserve Your Spot` or your own words", "Reserve Your Spot"),
      column("status", false, "`published` or `draft`; empty: draft", "published"),
      column("is_active", false, `${BOOLEAN}; \`false\`: imported as archived; empty: true`, "true"),
      column("sold_out", false, `${BOOLEAN}; empty: false`, "false"),
      createdAt("when it was made", "2026-10-01 12:00:00+00"),
    ],
    notImported: { columns: ["display_order"], why: "the site orders events by date" },
  },
  {
    table: "events",
    file: "events.csv",
    about:
      "**Not the events' list**: the old reservation system's ticketed dates, each with its seat limit, which reservations.csv points at. Each is matched to the event of events_management.csv on the same day at the venue (else the nearest within a day) and gives it its seat limit and address (`slug`); one that matches none becomes an event of its own (published if it is to come, archived if past), said.",
    columns: [
      column("id", true, "the ticketed event's number: reservations.csv's `event_id` names it", "10"),
      column("name", false, "its title, used when it matches no event of events_management.csv", "Candlelight Piano Evening"),
      column("slug", false, "its page's address: lower-case letters and digits joined by hyphens", "candlelight-piano-evening-1805076000"),
      { ...timestamp("event_date", true, "when it starts", "2027-03-14 19:00:00"), alsoCalled: ["date", "starts_at", "start"] },
      column("max_seats", false, "a whole number from 1; empty: no limit", "40"),
      column("location", false, "the place's name", "La Jolla"),
      column("address", false, "street address", "123 Prospect St"),
    ],
    notImported: { columns: ["time"], why: "`event_date` carries the time" },
  },
  {
    table: "reservations",
    file: "reservations.csv",
    about: "Guests' reservations for the ticketed events of events.csv; each event's seats taken are counted again from them (an oversold one has its limit raised, said). No e-mail is sent.",
    columns: [
      column("id", true, "the reservation's number: how a later run knows it was imported", "1"),
      column("event_id", true, "the `id` of its event in events.csv", "10", { alsoCalled: ["event"] }),
      column("visitor_name", false, "the guest's name; empty: the address", "Maya Lin", { alsoCalled: ["name", "guest", "guest_name"] }),
      column("visitor_email", true, "e-mail address", "maya.lin@example.com", { alsoCalled: ["email", "e_mail", "guest_email"] }),
      column("phone", false, "a phone number in any usual form", "(619) 555-0142"),
      column("seats", true, "a whole number from 1 to 10", "2", { alsoCalled: ["guests", "tickets", "quantity"] }),
      column("donation", false, "an amount in dollars (`20` or `20.00`)", "40.00"),
      createdAt("when it was made", "2026-11-01 12:00:00+00"),
    ],
  },
  {
    table: "invitation_summary",
    file: "invitation_summary.csv",
    about:
      "Invitations sent to past guests. Accepted ones are kept as history; a pending one keeps its time: it stays valid until 30 days after it was sent, as here (the report counts them; its old link does not work here, so re-send it from the dashboard).",
    columns: [
      column("id", false, "the invitation's id, when the export has one; else the address and `sent_at` name the row", "1"),
      column("email", true, "e-mail address", "ivy@example.com"),
      column("first_name", false, "text", "Ivy"),
      column("last_name", false, "text", "Moss"),
      column("status", true, "`accepted`, `expired` or `pending` (anything else is pending)", "accepted"),
      { ...timestamp("sent_at", true, "when it was sent", "2026-10-01 12:00:00+00"), alsoCalled: ["sent", "created_at"] },
      timestamp("accepted_at", false, "when it was accepted", "2026-10-03 12:00:00+00"),
      column("phone", false, "a phone number in any usual form", "(619) 555-0177"),
    ],
    notImported: { columns: ["interests"], why: "interests come from user_profiles.csv" },
  },
];

const FILES_BY_TABLE = new Map(LEGACY_FILES.map((file) => [file.table, file]));

export function legacyFile(table: LegacyTable): LegacyFile {
  return FILES_BY_TABLE.get(table)!;
}

/** A file's (or table's) columns against the contract: the unknown ones, and the required ones missing. */
export interface ColumnCheck {
  table: LegacyTable;
  /** `users.csv` in a folder, `auth.users` in a database. */
  file: string;
  missing: string[];
  unknown: string[];
  /** An unknown column → the contract's column it was probably meant to be (one the file lacks). */
  meant: Record<string, string>;
}

export function checkColumns(table: LegacyTable, file: string, header: readonly string[]): ColumnCheck {
  const contract = legacyFile(table);
  const present = new Set(header);
  const known = new Set([...contract.columns.map((entry) => entry.name), ...(contract.notImported?.columns ?? [])]);
  // An empty name is a trailing comma on the header line, not a column.
  const unknown = header.filter((name) => name !== "" && !known.has(name));
  const meant: Record<string, string> = {};
  for (const name of unknown) {
    const guess = meantColumn(table, name, header);
    if (guess) meant[name] = guess;
  }
  return {
    table,
    file,
    missing: contract.columns.filter((entry) => entry.required && !present.has(entry.name)).map((entry) => entry.name),
    unknown,
    meant,
  };
}

/**
 * The contract's column an unknown header most likely meant, if one: the same name written
 * otherwise ('Title', 'E-mail' → 'title', 'email'), or a name a hand-made file often gives it
 * ('name' → an event's 'title'), among the columns the file does not have already.
 */
function meantColumn(table: LegacyTable, unknown: string, header: readonly string[] = []): string | undefined {
  const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
  const wanted = key(unknown);
  const candidates = legacyFile(table).columns.filter((entry) => !header.includes(entry.name));
  return (
    candidates.find((entry) => key(entry.name) === wanted) ?? candidates.find((entry) => entry.alsoCalled?.some((name) => key(name) === wanted))
  )?.name;
}

/** The date-and-time columns of a table, and whether each is required. */
export function timestampColumns(table: LegacyTable): LegacyColumn[] {
  return legacyFile(table).columns.filter((entry) => entry.timestamp);
}

/** The README's section on the files (docs: compared with README.md by a test). */
export function columnsMarkdown(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const out: string[] = [];
  for (const file of LEGACY_FILES) {
    out.push(`#### \`${file.file}\`${file.table === "auth.users" ? " (`auth.users`)" : ""}`, "", file.about, "");
    out.push("| Column | Required | Format | Example |", "| --- | --- | --- | --- |");
    for (const entry of file.columns) out.push(`| \`${entry.name}\` | ${entry.required ? "**required**" : "optional"} | ${cell(entry.format)} | \`${cell(entry.example)}\` |`);
    if (file.notImported) out.push("", `Read past, not imported (${file.notImported.why}): ${file.notImported.columns.map((name) => `\`${name}\``).join(", ")}.`);
    out.push("");
  }
  return out.join("\n").trimEnd();
}

/** The same contract as plain text, for `--help`: each file, then each column (* required) with its format and example. */
export function columnsHelp(width = 100): string {
  const plain = (text: string) => text.replace(/\*\*|`/g, "");
  const out: string[] = [];
  for (const file of LEGACY_FILES) {
    out.push(`${file.file}${file.table === "auth.users" ? " (auth.users)" : ""}`);
    out.push(...wrap(plain(file.about), width, "  "));
    const nameWidth = Math.max(...file.columns.map((entry) => entry.name.length));
    for (const entry of file.columns) {
      const lead = `  ${entry.required ? "*" : " "} ${entry.name.padEnd(nameWidth)}  `;
      out.push(...wrap(`${plain(entry.format)}. e.g. ${entry.example}`, width, " ".repeat(lead.length), lead));
    }
    if (file.notImported) out.push(...wrap(`Read past, not imported (${plain(file.notImported.why)}): ${file.notImported.columns.join(", ")}.`, width, "  "));
    out.push("");
  }
  return out.join("\n").trimEnd();
}

/** Words filled into lines of at most `width` (a longer word stands alone), each after `indent` (the first after `first`). */
function wrap(text: string, width: number, indent: string, first = indent): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(" ")) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
      empty = true;
    }
    line += (empty ? "" : " ") + word;
    empty = false;
  }
  lines.push(line);
  return lines;
}
