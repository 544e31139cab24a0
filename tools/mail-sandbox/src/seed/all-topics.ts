import { NOTICES } from './notices';
import type { Topic } from './topic-types';
import { TOPICS } from './topics';

/** Client conversations first, then notices; BodySource.topic indexes this list. */
export const ALL_TOPICS: readonly Topic[] = [...TOPICS, ...NOTICES];
