import Papa from "papaparse";
import { yieldToEventLoop } from "./event-loop";

/**
 * Reading an uploaded CSV file: its bytes to text, then the text to records, without holding the
 * event loop (a 5 MB upload must not stall every other request while it is read).
 */

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Windows-1252's characters for the bytes 0x80–0x9F (the rest are Latin-1, byte = code point).
 * Mapped here: Node's TextDecoder('windows-1252') reads these bytes as Latin-1's control
 * characters (nodejs/node#56542), so '€' would arrive as U+0080. The five unassigned bytes keep
 * their control character, as the WHATWG decoder does.
 */
const windows1252High = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("latin1").decode(bytes).replace(/[\u0080-\u009f]/g, (control) => windows1252High[control.charCodeAt(0) - 0x80]!);
}

/**
 * The file's text, whatever a spreadsheet saved it as: a byte-order mark says UTF-8 or UTF-16;
 * without one, UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Excel's 'CSV' on Windows),
 * which decodes any byte, so a binary file still shows itself by its NUL characters.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return utf8.decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

/**
 * How much text is parsed between two turns of the event loop: about 10 ms of work on a quiet
 * machine, so that requests waiting meanwhile stay well under 200 ms on a busy one.
 */
const CHUNK_CHARACTERS = 64 * 1024;

export interface CsvRecords {
  /** The records, blank lines left out; a record's number is its index + 1 (the header is record 1). */
  records: string[][];
  /** The number of the record whose quote was opened and never closed: it swallowed the rest of the file. */
  unclosedQuoteRecord?: number;
}

/** The file's records, parsed a chunk at a time with a turn of the event loop between chunks. */
export function readCsvRecords(text: string): Promise<CsvRecords> {
  return new Promise((resolve) => {
    const records: string[][] = [];
    let unclosedQuote = false;
    Papa.parse<string[]>(text, {
      skipEmptyLines: "greedy",
      chunkSize: CHUNK_CHARACTERS,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        for (const record of results.data) records.push(record);
        if (results.errors.some((error) => error.code === "MissingQuotes")) unclosedQuote = true;
        parser.pause();
        void yieldToEventLoop().then(() => parser.resume());
      },
      // An unclosed quote runs to the end of the file, so it is always in the last record.
      complete: () => resolve({ records, ...(unclosedQuote ? { unclosedQuoteRecord: records.length } : {}) }),
    });
  });
}
