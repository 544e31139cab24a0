export type DetectedImageType = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';
export type AvatarImageType = Exclude<DetectedImageType, 'svg'>;

/** Storage extension and content type of each accepted avatar image; the path is {userId}/avatar.{extension}. */
export const AVATAR_IMAGE_FORMATS: Record<AvatarImageType, { extension: string; contentType: string }> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function looksLikeSvg(bytes: Uint8Array): boolean {
  // SVG markup is ASCII, so a byte-wise (latin-1) reading of the head is enough to recognise it.
  const start = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  const head = String.fromCharCode(...bytes.subarray(start, start + 1024))
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg')) return true;
  const hasPrologue = head.startsWith('<?xml') || head.startsWith('<!--') || head.startsWith('<!doctype svg');
  return hasPrologue && head.includes('<svg');
}

/** The image type of file bytes by magic number (png, jpeg, gif, webp; svg so it can be refused), else null. */
export function detectImageType(bytes: Uint8Array): DetectedImageType | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}

/** Whether detected bytes are an accepted avatar image (svg and unknown are refused). */
export function isAcceptedAvatarImage(type: DetectedImageType | null): type is AvatarImageType {
  return type !== null && type !== 'svg';
}
