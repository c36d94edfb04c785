import { AppError } from '../errors.js';

import { INVALID_TYPE, MAX_IMAGE_BYTES, TOO_LARGE } from '../domain/listing.js';

// The limit and the refusal texts live in core/domain so the web app checks a file before sending it.
export { INVALID_TYPE, MAX_IMAGE_BYTES, TOO_LARGE };

/**
 * Raster formats browsers show. SVG is left out on purpose: it is XML that can carry script,
 * and it cannot be recognised by content alone.
 */
const IMAGE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
};

export interface CheckedImage {
  contentType: string;
  /** The extension to store under: the original one when it names this format, else the format's. */
  extension: string;
}

export function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE.message, { details: { description: TOO_LARGE.description } });
}

function notAnImage(): AppError {
  return new AppError('UNSUPPORTED_MEDIA', INVALID_TYPE.message, { details: { description: INVALID_TYPE.description } });
}

/** Judged by the bytes (file-type's magic numbers), never by the name or the declared type. */
export async function checkImage(bytes: Uint8Array, originalName: string | null): Promise<CheckedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw tooLarge();
  if (bytes.byteLength === 0) throw notAnImage();
  // file-type and its tokenizers load with the first upload, not with every command.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  const extensions = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!type || !extensions) throw notAnImage();
  const given = /\.([A-Za-z0-9]+)$/.exec(originalName ?? '')?.[1]?.toLowerCase();
  return { contentType: type.mime, extension: given && extensions.includes(given) ? given : (extensions[0] ?? type.ext) };
}
