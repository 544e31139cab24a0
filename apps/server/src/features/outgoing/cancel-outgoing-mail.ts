import {
  OUTGOING_ALREADY_SENT,
  OUTGOING_NOT_FOUND,
  type OutgoingMailDto,
} from '@ledgerdesk/domain/api/outgoing-endpoints';
import type { Db } from '../../db/client';
import { withUser } from '../../db/with-user';
import { conflict, notFound } from '../../http/app-error';
import { deleteCancellableMail, findMailState } from './outgoing-repository';
import { toOutgoingMailDto } from './outgoing-row';

/**
 * Takes back a held message: deleted in one statement, so a sender that claims it at the same moment either
 * finds it gone or has already marked it 'sending' (then this answers 409). A message that failed for good is
 * also given back, so the user can fix and resend it; one sent or being sent is too late.
 */
export async function cancelOutgoingMail(db: Db, userId: string, id: string): Promise<OutgoingMailDto> {
  return withUser(db, userId, async (tx) => {
    const removed = await deleteCancellableMail(tx, { userId, id });
    if (removed) return toOutgoingMailDto(removed);
    if ((await findMailState(tx, { userId, id })) === null) throw notFound(OUTGOING_NOT_FOUND);
    throw conflict(OUTGOING_ALREADY_SENT);
  });
}
