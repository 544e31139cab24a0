import type { FastifyReply } from 'fastify';

export function sendControlError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  return reply.code(status).send({ error: { code, message } });
}

export function sendMailboxNotFound(reply: FastifyReply, address: string): FastifyReply {
  return sendControlError(reply, 404, 'not_found', `No sandbox mailbox ${address}.`);
}

export function sendBadRequest(reply: FastifyReply, message: string): FastifyReply {
  return sendControlError(reply, 400, 'bad_request', message);
}
