import { IMAGE_VARIANT_WIDTHS } from '@manzil/shared';

/**
 * A photo made no wider than the server keeps before it leaves the device: the owner pays for every byte of a
 * slow mobile link, and the server's largest copy is 1600 px wide (IMAGE_VARIANT_WIDTHS). A phone's 4000 px
 * photo of 3–5 MB goes as 1600 px and a few hundred KB. Drawing it anew also leaves its metadata (the GPS
 * position) on the device. A file that does not decode here, is no wider, or would not get smaller goes as it
 * is, and the server judges it as before.
 */
const SENT_WIDTH = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!;
const QUALITY = 0.9;
/** The form's tiles are 136–280 CSS px wide (owner.css): 480 px is sharp on a phone's 2–3× screen at the smaller. */
const PREVIEW_WIDTH = 480;

const shrunk = new WeakMap<File, Promise<File>>();
let previous: Promise<unknown> = Promise.resolve();

/** One decode at a time: a decoded 12-megapixel photo holds 48 MB, ten of them at once too much for a phone. */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const out = previous.then(work);
  previous = out.catch(() => undefined);
  return out;
}

/** The file to upload for `file` (the same file when it is not worth shrinking); asked again, the same answer. */
export function shrinkPhoto(file: File): Promise<File> {
  let out = shrunk.get(file);
  if (!out) {
    out = inTurn(() => shrink(file)).catch(() => file);
    shrunk.set(file, out);
  }
  return out;
}

/**
 * An object URL of a small copy of `file` for the form's thumbnail. Shown from the file itself, each preview held
 * the whole decoded photo: ten phone photos took about 500 MB of the page's memory against 30 MB this way, enough for
 * a phone to close the tab. A file that does not decode here is shown as it is (the browser's own broken image).
 */
export function photoPreview(file: File): Promise<string> {
  return inTurn(async () => {
    const small = await draw(file, PREVIEW_WIDTH, 'image/jpeg', 0.8);
    return URL.createObjectURL(small ?? file);
  }).catch(() => URL.createObjectURL(file));
}

const encode = (canvas: HTMLCanvasElement, type: string, quality: number) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

async function shrink(file: File): Promise<File> {
  const blob = await draw(file, SENT_WIDTH, 'image/webp', QUALITY);
  if (!blob || blob.size >= file.size) return file;
  // The name stays the owner's (messages name the file they picked); the server goes by the content.
  return new File([blob], file.name, { type: blob.type, lastModified: file.lastModified });
}

/** `file` drawn `width` px wide, upright, as `type` (JPEG where the browser cannot write it); null when it is no wider. */
async function draw(file: File, width: number, type: 'image/webp' | 'image/jpeg', quality: number): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  // Turned as the camera's orientation tag says, so the pixels drawn are the picture as seen.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    if (bitmap.width <= width) return null;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = type === 'image/jpeg' ? null : await encode(canvas, type, quality);
    // JPEG asked for, or a browser without a WebP encoder (it hands back PNG): on white where the picture was clear.
    if (blob?.type === type) return blob;
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    return encode(canvas, 'image/jpeg', quality);
  } finally {
    bitmap.close();
  }
}
