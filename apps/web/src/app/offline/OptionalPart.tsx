import { Component, type ReactNode } from 'react';
import { isChunkFailure } from '../errors/chunk-failure';

interface Props {
  children: ReactNode;
  /** Shown instead when the part's code cannot be fetched (offline, never kept on this device). */
  fallback?: ReactNode;
}

/**
 * A lazily loaded part of a page (the map, similar homes, the report button) whose code this device may never
 * have fetched: offline, its failure leaves the rest of the page readable (issue 30) instead of turning the whole
 * listing into "not saved". Any other error still reaches the route's error page.
 */
export class OptionalPart extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error == null) return this.props.children;
    if (!isChunkFailure(this.state.error)) throw this.state.error;
    return this.props.fallback ?? null;
  }
}
