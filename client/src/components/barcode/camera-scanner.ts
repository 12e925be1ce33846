/**
 * Issue 10: reads barcodes from the camera. The browser's own BarcodeDetector where there is one
 * (Chrome on Android, Edge, Safari 17+); else the ZXing decoder, loaded only now so the main bundle
 * does not carry it.
 */

/** The part of the Shape Detection API used here (not yet in TypeScript's DOM types). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

/** The symbologies a shop meets on packs and shelf labels. */
const WANTED_FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128", "code_39", "code_93", "itf", "codabar", "qr_code"];

const CAMERA: MediaStreamConstraints = { video: { facingMode: { ideal: "environment" } }, audio: false };

export type StopScanning = () => void;

/** Starts the camera into `video`; calls `onCode` with each code read until the returned stop is called. */
export async function startCameraScan(video: HTMLVideoElement, onCode: (code: string) => void): Promise<StopScanning> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error("This browser cannot use a camera here. Type the code or use a barcode scanner instead.");
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) return startNative(Detector, video, onCode);
  const { BrowserMultiFormatReader } = await import("@zxing/browser");
  const controls = await new BrowserMultiFormatReader().decodeFromConstraints(CAMERA, video, (result) => {
    if (result) onCode(result.getText());
  });
  return () => controls.stop();
}

async function startNative(Detector: BarcodeDetectorClass, video: HTMLVideoElement, onCode: (code: string) => void): Promise<StopScanning> {
  const supported = (await Detector.getSupportedFormats?.()) ?? WANTED_FORMATS;
  const detector = new Detector({ formats: WANTED_FORMATS.filter((format) => supported.includes(format)) });
  const stream = await navigator.mediaDevices.getUserMedia(CAMERA);
  video.srcObject = stream;
  await video.play();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A few looks a second is plenty for a code held still, and keeps a phone cool.
  const look = async () => {
    if (stopped) return;
    try {
      const [found] = await detector.detect(video);
      if (found?.rawValue && !stopped) onCode(found.rawValue);
    } catch {
      // A frame that is not ready yet; the next look tries again.
    }
    if (!stopped) timer = setTimeout(look, 200);
  };
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
