import { type ComponentType, createContext, type RefObject, useContext } from 'react';

/** What a saved-reply picker in the compose dialog gets: the draft as it is, and a way to change it. */
export type ComposeTemplatePickerProps = {
  mode: 'new' | 'reply' | 'replyAll';
  to: string;
  replyingTo: string | null;
  subject: string;
  body: string;
  bodyRef: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
  /** Replaces subject and body; `caret` is where the cursor goes in the body. */
  onInsert: (next: { subject: string; body: string; caret: number }) => void;
};

/**
 * Parts other features add to the compose dialog, composed in by src/app (features never import each other):
 * today the saved-reply picker of the templates feature.
 */
export type ComposeAddons = { TemplatePicker?: ComponentType<ComposeTemplatePickerProps> };

export const ComposeAddonsContext = createContext<ComposeAddons>({});

export function useComposeAddons(): ComposeAddons {
  return useContext(ComposeAddonsContext);
}
