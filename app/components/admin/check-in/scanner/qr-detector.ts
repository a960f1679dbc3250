/**
 * A QR code reader for the door scanner: the browser's own BarcodeDetector where it reads QR codes
 * (Android's Chrome, Safari), else the `barcode-detector` polyfill (ZXing in WebAssembly), loaded
 * only when asked so its megabyte never reaches a page that does not scan. The polyfill's .wasm is
 * served by this site (Vite's `?url` puts it among the build's hashed assets): the package would
 * otherwise fetch it from a CDN, which the site's policy does not allow and the door may not reach.
 */
export interface QrReader {
  /** The texts of the QR codes in the video's current frame (or an image). */
  detect(source: HTMLVideoElement | ImageData): Promise<string[]>;
}

interface NativeDetector {
  detect(source: HTMLVideoElement | ImageData): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<QrReader | null> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Native({ formats: ["qr_code"] });
    return { detect: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
  } catch {
    // A browser that names the API but cannot run it (no detection service on this device).
    return null;
  }
}

async function polyfillReader(): Promise<QrReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith(".wasm") ? wasmUrl : prefix + file) },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: ["qr_code"] });
  return { detect: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
}

/** Which reader this browser gets: said in the scanner's data attribute for tests and benches. */
export type QrReaderKind = "native" | "polyfill";

export async function createQrReader(): Promise<{ reader: QrReader; kind: QrReaderKind }> {
  const native = await nativeReader();
  const created = native ? { reader: native, kind: "native" as const } : { reader: await polyfillReader(), kind: "polyfill" as const };
  // One read of a blank image first: the reader's first read sets itself up (hundreds of
  // milliseconds for the polyfill), which belongs to opening the scanner, not to a guest's scan.
  await created.reader.detect(new ImageData(64, 64)).catch(() => []);
  return created;
}
