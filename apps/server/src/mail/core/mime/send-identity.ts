/** The header that carries our identity of a sent message (decision 029); providers keep X- headers. */
export const SEND_ID_HEADER = 'X-Ledgerdesk-Send-Id';

/** Our Message-ID for a send: the identity at the sender's domain. */
export function sendMessageId(sendId: string, fromAddress: string): string {
  const domain = fromAddress.includes('@') ? fromAddress.slice(fromAddress.lastIndexOf('@') + 1) : '';
  return `ledgerdesk.${sendId}@${domain.replace(/[^a-zA-Z0-9.-]/g, '') || 'ledgerdesk.invalid'}`;
}

/** A built message with our Message-ID and identity header in front (buildMimeMessage sets neither). */
export function withSendIdentity(raw: string, identity: { messageId: string; sendId: string }): string {
  return `Message-ID: <${identity.messageId}>\r\n${SEND_ID_HEADER}: ${identity.sendId}\r\n${raw}`;
}
