import type { AttachmentSpec } from '../store/types';
import { createRandom } from '../util/prng';

// A 1x1 transparent PNG; inline images are padded up to their reported size after the IEND chunk.
const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

const MAX_GENERATED_BYTES = 8 * 1024 * 1024;

/** Bytes of an attachment: explicit content, or a deterministic file of the reported size. */
export function attachmentContent(attachment: AttachmentSpec): Buffer {
  if (attachment.content) return attachment.content;
  const size = Math.min(attachment.size, MAX_GENERATED_BYTES);
  const out = Buffer.alloc(size, 0x20);
  const head = headerFor(attachment);
  head.copy(out, 0, 0, Math.min(head.length, size));
  const random = createRandom(attachment.seed);
  for (let i = head.length; i < size - 8; i += 64) out[i] = 0x0a + (random.seed() % 64);
  const tail = attachment.contentType === 'application/pdf' ? Buffer.from('\n%%EOF\n') : Buffer.alloc(0);
  if (size > head.length + tail.length) tail.copy(out, size - tail.length);
  return out;
}

function headerFor(attachment: AttachmentSpec): Buffer {
  if (attachment.contentType === 'application/pdf') {
    return Buffer.from(`%PDF-1.7\n% Ledgerdesk mail sandbox: ${attachment.name}\n`);
  }
  if (attachment.contentType.startsWith('image/')) return PNG_1X1;
  if (attachment.contentType.includes('spreadsheetml')) return Buffer.from('PK\u0003\u0004\u0014\u0000');
  return Buffer.from(`${attachment.name}\n`);
}
