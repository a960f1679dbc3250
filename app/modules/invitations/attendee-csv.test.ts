import { describe, expect, it } from "vitest";
import { findColumns, hasEmailShape, mergedPeople, parseAttendeeCsv, parseEventDate } from "./attendee-csv";
import { attendeeImportMessages } from "./attendee-import-messages";

const csv = (...lines: string[]) => lines.join("\n");

describe("the attendee CSV's header detection", () => {
  it("finds each column by a header containing its key, whatever the case and order", () => {
    expect(findColumns(["Order #", "Attendee Last Name", "FIRST NAME", "E-mail?", "Buyer Email", "Home City", "State/Province", "Event Name", "Event Start Date"])).toEqual({
      email: 4,
      lastName: 1,
      firstName: 2,
      city: 5,
      state: 6,
      eventName: 7,
      eventDate: 8,
    });
  });

  it("never takes an event column for a name, nor one column for two things", () => {
    expect(findColumns(["First Event Name", "email", "first"])).toEqual({ eventName: 0, email: 1, firstName: 2 });
    expect(findColumns(["email", "email 2"])).toEqual({ email: 0 });
  });
});

describe("parseAttendeeCsv", () => {
  it("keeps control characters out of names and places: a line break or NUL becomes a space", async () => {
    const result = await parseAttendeeCsv('Email,First Name,Last Name,City\r\nada@example.com,"=HYPERLINK(1)\nAda",Love\u0000lace,"San\tDiego\r"\r\n');
    if (!result.ok) throw new Error(result.message);
    expect(result.people[0]).toMatchObject({ firstName: "=HYPERLINK(1) Ada", lastName: "Love lace", city: "San Diego" });
  });

  it("refuses a file of fewer than 2 lines with the spec's text", async () => {
    expect(await parseAttendeeCsv("")).toEqual({ ok: false, message: attendeeImportMessages.empty });
    expect(await parseAttendeeCsv("email,first name\n\n  \n")).toEqual({ ok: false, message: attendeeImportMessages.empty });
    expect(attendeeImportMessages.empty).toBe("CSV file appears to be empty or invalid");
  });

  it("refuses a file without an e-mail column with the spec's text", async () => {
    expect(await parseAttendeeCsv(csv("name,city", "Ada,Paris"))).toEqual({ ok: false, message: attendeeImportMessages.noEmailColumn });
    expect(attendeeImportMessages.noEmailColumn).toBe("CSV file must contain an email column");
  });

  it("reads names, city, state and the event, and compares e-mails trimmed and lower-cased", async () => {
    const result = await parseAttendeeCsv(
      csv("First Name,Last Name,Email,City,State,Event Name,Event Start Date", "Ada, Lovelace , Ada@Example.com ,San Diego,CA,Sunset Session,2025-09-14 18:00"),
    );
    expect(result).toEqual({
      ok: true,
      rowCount: 1,
      dropped: [],
      people: [
        {
          email: "ada@example.com",
          firstName: "Ada",
          lastName: "Lovelace",
          fullName: "Ada Lovelace",
          city: "San Diego",
          state: "CA",
          eventHistory: [{ name: "Sunset Session", date: "2025-09-14" }],
          rows: [2],
        },
      ],
    });
  });

  it("drops rows without '@' and rows starting with TOTALS, saying why and which row", async () => {
    const result = await parseAttendeeCsv(csv("email,first", "ada@example.com,Ada", "no address,Bob", ",Carl", "TOTALS,3", "totals: 3 tickets,", "x@y,Dan"));
    expect(result.ok && result.people.map((person) => person.email)).toEqual(["ada@example.com"]);
    expect(result.ok && result.dropped).toEqual([
      { row: 3, reason: attendeeImportMessages.noRowReason, text: "no address" },
      { row: 4, reason: attendeeImportMessages.noRowReason, text: "" },
      { row: 5, reason: attendeeImportMessages.totalsReason, text: "TOTALS" },
      { row: 6, reason: attendeeImportMessages.totalsReason, text: "totals: 3 tickets" },
      { row: 7, reason: attendeeImportMessages.invalidEmailReason, text: "x@y" },
    ]);
    expect(result.ok && result.rowCount).toBe(6);
  });

  it("merges one person on several rows into one, with their event history (a repeated ticket counted once)", async () => {
    const result = await parseAttendeeCsv(
      csv(
        "Email,First Name,Last Name,City,Event Name,Event Start Date",
        "rosa@example.com,Rosa,,San Diego,Spring Session,2025-04-06",
        "ROSA@example.com ,,Parks,,Summer Session,July 20th 2025",
        "rosa@example.com,Rosie,Other,La Jolla,Summer Session,July 20th 2025",
        "ben@example.com,Ben,Ode,,,",
      ),
    );
    if (!result.ok) throw new Error(result.message);
    const [rosa, ben] = result.people;
    expect(rosa).toMatchObject({
      firstName: "Rosa",
      lastName: "Parks",
      fullName: "Rosa Parks",
      city: "San Diego",
      rows: [2, 3, 4],
      eventHistory: [
        { name: "Spring Session", date: "2025-04-06" },
        { name: "Summer Session", date: "2025-07-20" },
      ],
    });
    expect(ben!.eventHistory).toEqual([]);
    expect(mergedPeople(result.people).map((person) => person.email)).toEqual(["rosa@example.com"]);
  });

  it("reads quoted fields with commas and a byte-order mark", async () => {
    const result = await parseAttendeeCsv('\uFEFFemail,event name\n"ada@example.com","Piano, Candles and Breath"\n');
    expect(result.ok && result.people[0]!.eventHistory).toEqual([{ name: "Piano, Candles and Breath" }]);
  });
});

describe("parseAttendeeCsv on large files (issue 23)", () => {
  // One person on every row, each row another event: the old merge compared each row with every
  // earlier visit of that person (20,000 rows took 25 s here). Linear work reads 30,000 in about half a second.
  const oneRegular = (rows: number) =>
    csv("Email,First Name,Event Name,Event Start Date", ...Array.from({ length: rows }, (_, at) => `regular@example.com,Rosa,Session ${at},2025-04-06`));

  it("reads one person on 30,000 rows in linear time, each visit once", { timeout: 20_000 }, async () => {
    const result = await parseAttendeeCsv(`${oneRegular(30_000)}\nregular@example.com,Rosa,Session 7,2025-04-06`);
    if (!result.ok) throw new Error(result.message);
    expect(result.people).toHaveLength(1);
    expect(result.people[0]!.eventHistory).toHaveLength(30_000);
    expect(result.people[0]!.rows).toHaveLength(30_001);
  });

  it("gives the event loop turns while it reads, so other requests are answered meanwhile", async () => {
    let turns = 0;
    let reading = true;
    const countTurn = () => {
      if (!reading) return;
      turns += 1;
      setImmediate(countTurn);
    };
    setImmediate(countTurn);
    const result = await parseAttendeeCsv(oneRegular(20_000));
    reading = false;
    expect(result.ok).toBe(true);
    expect(turns).toBeGreaterThan(5);
  });

  it("refuses a file with a quote never closed, naming the row where it opens, instead of swallowing the rest", async () => {
    const result = await parseAttendeeCsv(csv("email,first", "ada@example.com,Ada", 'bob@example.com,"Bob', "carl@example.com,Carl", "dan@example.com,Dan"));
    expect(result).toEqual({ ok: false, message: attendeeImportMessages.unclosedQuote(3) });
    expect(attendeeImportMessages.unclosedQuote(3)).toContain("Row 3");
  });
});

describe("parseAttendeeCsv on hostile cells (issue 34)", () => {
  // 100 KB in one cell: a pattern that backtracks would take seconds or hours over it; each cell
  // is cut to its first kilobyte before any pattern meets it, and the kept fields to 200 characters.
  const huge = (unit: string) => unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000);

  it("reads each shape of a 100 KB cell to what the rules say", async () => {
    const header = "Email,First Name,Last Name,Event Name,Event Start Date";
    const result = await parseAttendeeCsv(
      csv(
        header,
        // A local part of 100 KB: its '@' lies past what is kept of the field.
        `${huge("a")}@${huge("b")},Ada,,,`,
        // Thousands of '@' and no blank: the old address pattern's worst case.
        `${huge("a@")},Bea,,,`,
        // A valid address, then names and a date of 100 KB each.
        `carl@example.com,${huge("Carl ")},"${huge("x\u0000")}",${huge("Session ")},${huge("1")}th`,
        // Blanks and control characters in front of a name, past the first kilobyte.
        `dan@example.com,"${" ".repeat(2_000)}Dan",,,`,
        // The date pattern's worst case: digits without end, and ordinals without end.
        `eve@example.com,Eve,,Night,${huge("9")}`,
        `fay@example.com,Fay,,Night,${huge("1st ")}`,
      ),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.dropped).toEqual([
      { row: 2, reason: attendeeImportMessages.noRowReason, text: "a".repeat(80) },
      { row: 3, reason: attendeeImportMessages.invalidEmailReason, text: "a@".repeat(40) },
    ]);
    const [carl, dan, eve, fay] = result.people;
    expect(carl).toMatchObject({
      email: "carl@example.com",
      firstName: huge("Carl ").slice(0, 200),
      lastName: "x ".repeat(100).slice(0, 200),
      eventHistory: [{ name: huge("Session ").slice(0, 200), date: "1".repeat(200) }],
    });
    // A field is what its first kilobyte holds: 2,000 blanks in front leave nothing.
    expect(dan).toMatchObject({ email: "dan@example.com", firstName: "" });
    expect(eve!.eventHistory).toEqual([{ name: "Night", date: "9".repeat(200) }]);
    // The field's 200 characters are fifty '1st ', each losing its ordinal.
    expect(fay!.eventHistory).toEqual([{ name: "Night", date: "1 ".repeat(50).trim() }]);
  });

  it("checks an address's shape as the old pattern did, without a pattern that backtracks", () => {
    const oldShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const samples = ["a@b.c", "a@b.", "a@.c", "@b.c", "a@b", "a@@b.c", "a@b@c.d", "a b@c.d", "a@b .c", "a@b..c", "a@.b.c", "ab@c.d.", "a@b.c\u00a0", "a\t@b.c", ".@..", "a@..c", "a@b.c.", "é@ü.ö"];
    for (const sample of samples) expect([sample, hasEmailShape(sample)]).toEqual([sample, oldShape.test(sample)]);
    // Every string of up to 5 characters over the alphabet that matters.
    const alphabet = ["a", "@", ".", " "];
    let strings = [""];
    for (let length = 1; length <= 5; length += 1) {
      strings = strings.flatMap((prefix) => alphabet.map((character) => prefix + character));
      for (const sample of strings) expect([sample, hasEmailShape(sample)]).toEqual([sample, oldShape.test(sample)]);
    }
  });
});

describe("parseEventDate (the spec's rules, no assumed year)", () => {
  it.each([
    ["2025-09-14", "2025-09-14"],
    ["2025-09-14T18:00:00Z", "2025-09-14"],
    ["2025-9-4 6:00 PM", "2025-09-04"],
    ["9/14/2025", "2025-09-14"],
    ["9/14/2025 6:00 PM", "2025-09-14"],
    ["9/14/25", "2025-09-14"],
    ["September 14th, 2025", "2025-09-14"],
    ["Sep 14 2025 6:00 PM", "2025-09-14"],
    ["Sun, Sep 14, 2025", "2025-09-14"],
    ["14 September 2025", "2025-09-14"],
    ["August 1st, 2026", "2026-08-01"],
  ])("%s is %s", (text, expected) => {
    expect(parseEventDate(text)).toBe(expected);
  });

  it("keeps a date without a year as written (ordinals and time removed), never adding one", () => {
    expect(parseEventDate("Sep 14th")).toBe("September 14");
    expect(parseEventDate("Sun 14th Sep")).toBe("September 14");
    expect(parseEventDate("August 15th 6:30 PM")).toBe("August 15");
  });

  it("keeps what it cannot read as text, and gives nothing for a blank", () => {
    expect(parseEventDate("  ")).toBeUndefined();
    expect(parseEventDate("sometime in spring")).toBe("sometime in spring");
    expect(parseEventDate("2025-02-30")).toBe("2025-02-30");
    expect(parseEventDate("13/45/2025")).toBe("13/45/2025");
  });
});
