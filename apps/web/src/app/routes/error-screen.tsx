import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';

/** The top-level error screen (spec §2): "Something went wrong", the message, Try Again and Reload Page. */
export function ErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main
      role="alert"
      className="flex min-h-full flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="max-w-md rounded-md bg-danger-soft px-3 py-2 font-mono text-[12px] text-danger">
        {message}
      </p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md bg-accent px-4 py-2 text-[13px] font-medium text-accent-fg hover:opacity-90"
        >
          Try Again
        </button>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md border border-border px-4 py-2 text-[13px] font-medium hover:bg-hover"
        >
          Reload Page
        </button>
      </div>
    </main>
  );
}

/** Router-level error element: a render crash inside a route. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'An unexpected error occurred.';
  return <ErrorScreen message={message} onRetry={() => window.location.assign(window.location.href)} />;
}

/** Catches render crashes outside the router (providers). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorScreen message={this.state.error.message} onRetry={() => this.setState({ error: null })} />
      );
    }
    return this.props.children;
  }
}
