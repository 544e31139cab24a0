import { AVATAR_MAX_BYTES } from '@ledgerdesk/domain/constants';
import { FILE_TOO_LARGE_TEXT, INVALID_FILE_TYPE_TEXT } from '@ledgerdesk/domain/profile/avatar-file';
import {
  AVATAR_IMAGE_FORMATS,
  type AvatarImageType,
  detectImageType,
  isAcceptedAvatarImage,
} from '@ledgerdesk/domain/profile/detect-image-type';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/app-error';

export const NO_FILE = 'Please select an image file to upload.';
export const ONE_IMAGE_AT_A_TIME = 'Please upload one image at a time.';

export type AvatarUpload = {
  bytes: Buffer;
  type: AvatarImageType;
  extension: string;
  contentType: string;
};

const tooLarge = () => new AppError(413, 'payload_too_large', FILE_TOO_LARGE_TEXT);

/**
 * Reads the one `file` part of a multipart avatar upload. The bytes decide what it is (magic numbers), never
 * the file name or the declared type: PNG, JPEG, GIF and WebP pass; SVG, text, anything else and an empty
 * file get "Invalid file type"; more than 5 MB gets "File too large". The whole body is read, so a second
 * file part is refused ("Please upload one image at a time.") instead of the first being stored.
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<AvatarUpload> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  let first: { fieldname: string; bytes: Buffer; truncated: boolean } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      // Read to the end even after a refusal is certain: the parser only reports a second file part
      // (its files limit) once the first has been consumed.
      const bytes = await part.toBuffer();
      if (first) throw badRequest(ONE_IMAGE_AT_A_TIME);
      first = { fieldname: part.fieldname, bytes, truncated: part.file.truncated };
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (first?.fieldname !== 'file') throw badRequest(NO_FILE);
  const { bytes } = first;
  if (first.truncated || bytes.length > AVATAR_MAX_BYTES) throw tooLarge();
  const type = detectImageType(bytes);
  if (bytes.length === 0 || !isAcceptedAvatarImage(type)) throw badRequest(INVALID_FILE_TYPE_TEXT);
  return { bytes, type, ...AVATAR_IMAGE_FORMATS[type] };
}

function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest(ONE_IMAGE_AT_A_TIME);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(NO_FILE);
  return error instanceof Error ? error : new Error(String(error));
}
