/** One numbered section of a legal page; the page numbers them in order. */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
  /** A bulleted list shown after the paragraphs. */
  list?: string[];
}
