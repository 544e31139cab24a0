import type { TopicParams } from './topic-types';

type Line = (p: TopicParams) => string;

export const CLIENT_REPLIES: readonly Line[] = [
  () => 'Thanks for this. I will go through it tonight and come back to you tomorrow.',
  () => 'That all looks fine to me – please go ahead.',
  (p) =>
    `Sorry for the delay. The payment of ${p.amount} was a deposit for new equipment, the invoice is on its way.`,
  () => 'Could you explain the second point a bit more? I am not sure I follow.',
  () => 'I have asked our office manager to send over the missing statements.',
  (p) => `Just checking – do we still need to do anything before ${p.dueDate}?`,
  () => 'Great, thank you. Signed copy attached.',
  () => 'One more question: can we claim the mileage for the van as well?',
];

export const FIRM_REPLIES: readonly Line[] = [
  () => 'Thanks – that is really helpful. I will update the figures and send you a revised version.',
  (p) => `No problem. The deadline is ${p.dueDate}, so we have a little time.`,
  () => 'Good question. In short, yes, as long as the journeys are for business purposes and you keep a log.',
  () => 'I have filed that now and you should receive a confirmation shortly.',
  (p) => `To confirm, the amount due is ${p.amount}. Please use your company reference when paying.`,
  () => 'Happy to jump on a call if that is easier – just send me a couple of times that suit.',
  () => 'Received, thank you. I will let you know if anything else is needed.',
];

export const SIGN_OFFS: readonly string[] = [
  'Kind regards',
  'Best wishes',
  'Many thanks',
  'Thanks',
  'Regards',
];
