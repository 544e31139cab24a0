import { FIRM_TEXTS } from '@ledgerdesk/domain/api/firms';
import type { Tx } from '../../db/with-user';
import { AppError, forbidden } from '../../http/app-error';
import { currentMembership, type Membership } from './firm-repository';

export async function requireMembership(tx: Tx, userId: string): Promise<Membership> {
  const membership = await currentMembership(tx, userId);
  if (!membership) throw new AppError(404, 'not_found', FIRM_TEXTS.notInFirm);
  return membership;
}

export async function requireOwner(tx: Tx, userId: string): Promise<Membership> {
  const membership = await requireMembership(tx, userId);
  if (membership.role !== 'owner') throw forbidden(FIRM_TEXTS.ownerOnly);
  return membership;
}
