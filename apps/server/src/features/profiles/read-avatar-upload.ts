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
 * file get "Invalid file type"; more than 5 MB gets "File too large".
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<AvatarUpload> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  } catch (error) {
    throw uploadError(error);
  }
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw badRequest(NO_FILE);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
  if (part.file.truncated || bytes.length > AVATAR_MAX_BYTES) throw tooLarge();
  const type = detectImageType(bytes);
  if (bytes.length === 0 || !isAcceptedAvatarImage(type)) throw badRequest(INVALID_FILE_TYPE_TEXT);
  return { bytes, type, ...AVATAR_IMAGE_FORMATS[type] };
}

function uploadError(error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('Please upload one image at a time.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(NO_FILE);
  return error instanceof Error ? error : new Error(String(error));
}
