/**
 * How many SMS segments a text costs, as carriers count them: texts in the GSM-7 alphabet take
 * 160 characters in one segment and 153 per segment when split; anything else is sent as UCS-2,
 * 70 in one and 67 per segment (counted in UTF-16 code units, so an emoji takes two).
 * Pure: the staff form's live counter and the server use the same rule.
 */
const gsm7Basic =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Characters of the GSM-7 extension table: each takes two of the 160 (an escape and itself). */
const gsm7Extension = "^{}\\[~]|€\f";

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsSegmentCount {
  encoding: SmsEncoding;
  /** Characters as the encoding counts them (extension characters count twice in GSM-7). */
  units: number;
  segments: number;
  /** Units per segment at this length (160/153 or 70/67). */
  perSegment: number;
}

export function countSmsSegments(text: string): SmsSegmentCount {
  let units = 0;
  let gsm = true;
  for (const character of text) {
    if (gsm7Basic.includes(character)) units += 1;
    else if (gsm7Extension.includes(character)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const perSegment = units <= 160 ? 160 : 153;
    return { encoding: "GSM-7", units, segments: units === 0 ? 0 : Math.ceil(units / perSegment), perSegment };
  }
  const codeUnits = text.length;
  const perSegment = codeUnits <= 70 ? 70 : 67;
  return { encoding: "UCS-2", units: codeUnits, segments: Math.ceil(codeUnits / perSegment), perSegment };
}
