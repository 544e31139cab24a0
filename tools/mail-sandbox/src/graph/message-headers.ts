import type { InternetMessageHeader } from '@microsoft/microsoft-graph-types';
import { buildMimeTree } from '../mime/mime-tree';
import type { Mailbox, StoredMessage } from '../store/types';

/** The RFC 822 headers of the message, as Graph returns them for $select=internetMessageHeaders. */
export function internetMessageHeaders(mailbox: Mailbox, message: StoredMessage): InternetMessageHeader[] {
  const received: InternetMessageHeader = {
    name: 'Received',
    value: `from sandbox.mail.test by ${mailbox.address.split('@')[1]} with HTTPS; ${new Date(message.receivedAt).toUTCString()}`,
  };
  const headers = buildMimeTree(mailbox, message).headers.filter((header) => header.name !== 'Delivered-To');
  return [received, ...headers.map((header) => ({ name: header.name, value: header.value }))];
}
