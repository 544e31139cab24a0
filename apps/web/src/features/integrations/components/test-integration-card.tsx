import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import type { IntegrationActionHandlers } from './integration-actions';
import { IntegrationCard } from './integration-card';

/** Component tests only: the card's handlers, each a mock. */
export const testCardHandlers = (): IntegrationActionHandlers => ({
  onRefresh: vi.fn(),
  onReactivate: vi.fn(),
  onDisconnect: vi.fn(),
  onInitialize: vi.fn(),
  onReconnect: vi.fn(),
});

/** Component tests only: one integration card as Email Integration lists it (toasts shown), answering the card. */
export function renderIntegrationCard(
  integration: EmailIntegrationDto,
  now: Date,
  handlers: IntegrationActionHandlers = testCardHandlers(),
): HTMLElement {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <ul>
        <IntegrationCard
          integration={integration}
          now={now}
          isRefreshing={false}
          isInitializing={false}
          isBusy={false}
          handlers={handlers}
        />
      </ul>
    </QueryClientProvider>,
  );
  return screen.getByTestId('integration-card');
}
