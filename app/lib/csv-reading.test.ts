import { describe, expect, it } from "vitest";
import { decodeCsvBytes, readCsvRecords } from "./csv-reading";

const text = "email,first\nzoe@example.com,Zoë Œuvre €\n";

function utf16(value: string, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(2 + value.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let at = 0; at < value.length; at += 1) view.setUint16(2 + at * 2, value.charCodeAt(at), littleEndian);
  return bytes;
}

describe("decodeCsvBytes", () => {
  it("reads UTF-8, with or without a byte-order mark", () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodeCsvBytes(utf8)).toBe(text);
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
  });

  it("reads UTF-16 in either byte order by its byte-order mark", () => {
    expect(decodeCsvBytes(utf16(text, true))).toBe(text);
    expect(decodeCsvBytes(utf16(text, false))).toBe(text);
  });

  it("reads bytes that are not UTF-8 as Windows-1252 (Excel's CSV on Windows)", () => {
    // 'Zoë Œuvre €' in Windows-1252: ë 0xEB, Œ 0x8C, € 0x80.
    const windows1252 = new Uint8Array([...new TextEncoder().encode("email,first\nzoe@example.com,Zo"), 0xeb, 0x20, 0x8c, ...new TextEncoder().encode("uvre "), 0x80, 0x0a]);
    expect(decodeCsvBytes(windows1252)).toBe(text);
  });
});

describe("readCsvRecords", () => {
  it("leaves blank lines out and reads quoted fields", async () => {
    expect(await readCsvRecords('a,b\n\n"1,5","x""y"\n')).toEqual({ records: [["a", "b"], ["1,5", 'x"y']] });
  });

  it("names the record whose quote is never closed", async () => {
    expect(await readCsvRecords('a,b\n1,2\n3,"4\n5,6\n')).toEqual({ records: [["a", "b"], ["1", "2"], ["3", "4\n5,6\n"]], unclosedQuoteRecord: 3 });
  });
});
