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

const shrunk = new WeakMap<File, Promise<File>>();
let previous: Promise<unknown> = Promise.resolve();

/** The file to upload for `file` (the same file when it is not worth shrinking); asked again, the same answer. */
export function shrinkPhoto(file: File): Promise<File> {
  let out = shrunk.get(file);
  if (!out) {
    // One at a time: a decoded 12-megapixel photo holds 48 MB, ten of them at once too much for a phone.
    out = previous.then(() => shrink(file)).catch(() => file);
    previous = out;
    shrunk.set(file, out);
  }
  return out;
}

const encode = (canvas: HTMLCanvasElement, type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));

async function shrink(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  // Turned as the camera's orientation tag says, so the pixels drawn are the picture as seen.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    if (bitmap.width <= SENT_WIDTH) return file;
    const canvas = document.createElement('canvas');
    canvas.width = SENT_WIDTH;
    canvas.height = Math.max(1, Math.round((bitmap.height * SENT_WIDTH) / bitmap.width));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    let blob = await encode(canvas, 'image/webp');
    if (blob?.type !== 'image/webp') {
      // A browser without a WebP encoder hands back PNG: JPEG instead, on white where the picture was clear.
      ctx.globalCompositeOperation = 'destination-over';
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      blob = await encode(canvas, 'image/jpeg');
    }
    if (!blob || blob.size >= file.size) return file;
    // The name stays the owner's (messages name the file they picked); the server goes by the content.
    return new File([blob], file.name, { type: blob.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
