import type { AttachmentSpec } from '../store/types';
import { gmailAttachmentId, graphAttachmentId } from '../util/ids';
import { createRandom } from '../util/prng';
import type { PlanContext } from './plan-context';
import { type AttachmentPlan, PDF, type Topic, topicParams } from './topic-types';
import type { Client } from './vocabulary';

/** Files on the opening message, a receipt photo inline, an Outlook-style inline logo in some signatures. */
export function planAttachments(
  ctx: PlanContext,
  topic: Topic,
  client: Client,
  seed: number,
  anchor: number,
  step: number,
  isHtml: boolean,
  isFromOwner: boolean,
): AttachmentSpec[] {
  const { random } = ctx;
  const plans: AttachmentPlan[] = [];
  if (step === 0 && topic.attachments)
    plans.push(...topic.attachments(client, topicParams(createRandom(seed), anchor)));
  if (step > 0 && !isFromOwner && random.chance(0.08)) {
    plans.push({ name: `Scan ${random.int(100, 999)}.pdf`, contentType: PDF, minKb: 80, maxKb: 900 });
  }
  if (plans.length === 0 && !isHtml) return NO_ATTACHMENTS;
  const files = plans.map((plan) => fileAttachment(ctx, plan));
  if (isHtml && step === 0 && topic.hasInlineImage) files.push(inlineImage(ctx, 'receipt.png', 40, 180));
  if (isHtml && isFromOwner && random.chance(0.3)) files.push(inlineImage(ctx, 'image001.png', 6, 14));
  return files.length === 0 ? NO_ATTACHMENTS : files;
}

const NO_ATTACHMENTS: AttachmentSpec[] = [];

function attachmentId(ctx: PlanContext): string {
  return ctx.mailbox.provider === 'gmail' ? gmailAttachmentId(ctx.ids) : graphAttachmentId(ctx.ids);
}

function fileAttachment(ctx: PlanContext, plan: AttachmentPlan): AttachmentSpec {
  return {
    id: attachmentId(ctx),
    name: plan.name,
    contentType: plan.contentType,
    size: ctx.random.int(plan.minKb * 1024, plan.maxKb * 1024),
    isInline: false,
    seed: ctx.random.seed(),
  };
}

function inlineImage(ctx: PlanContext, name: string, minKb: number, maxKb: number): AttachmentSpec {
  return {
    id: attachmentId(ctx),
    name,
    contentType: 'image/png',
    size: ctx.random.int(minKb * 1024, maxKb * 1024),
    isInline: true,
    contentId: `${name}@01DA${ctx.random.int(100000, 999999)}.sandbox`,
    seed: ctx.random.seed(),
  };
}
