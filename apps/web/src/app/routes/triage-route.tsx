import { type ComponentProps, lazy, Suspense } from 'react';
import { TriageConnectionControls } from '../../features/integrations/components/triage-connection-controls';
import { ComposeAddonsContext } from '../../features/triage/components/compose-addons';
import { TriagePage } from '../../features/triage/components/triage-page';

// Only a new user's empty list needs the connect flow: it loads when that list shows.
const FirstRunConnect = lazy(() =>
  import('../../features/integrations/components/first-run-connect').then((m) => ({
    default: m.FirstRunConnect,
  })),
);

// The saved-reply picker loads with the first compose dialog, not with the list.
const TemplatePickerChunk = lazy(() =>
  import('../../features/templates/components/template-picker').then((m) => ({ default: m.TemplatePicker })),
);

function TemplatePicker(props: ComponentProps<typeof TemplatePickerChunk>) {
  return (
    <Suspense fallback={null}>
      <TemplatePickerChunk {...props} />
    </Suspense>
  );
}

const COMPOSE_ADDONS = { TemplatePicker };

/**
 * The triage screen with the integrations feature's connection badge and sync controls in its header, its
 * first-run connect choices under an empty list, and the templates feature's saved-reply picker in compose.
 */
export function TriageRoute() {
  return (
    <ComposeAddonsContext.Provider value={COMPOSE_ADDONS}>
      <TriagePage
        headerExtras={<TriageConnectionControls />}
        emptyListAction={
          <Suspense fallback={null}>
            <FirstRunConnect />
          </Suspense>
        }
      />
    </ComposeAddonsContext.Provider>
  );
}
