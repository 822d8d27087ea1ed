import { Component, type ReactNode } from "react";

type Props = {
  /** What failed to load, for the warning. */
  what: string;
  children: ReactNode;
  onError?: (error: unknown) => void;
};

/**
 * Around a part of the page whose code loads on demand: if that code cannot
 * be loaded (even after the one reload the chunk guard allows), the part is
 * left out with a warning instead of taking the page down.
 */
export class LoadFailureBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.what} could not be loaded`, error);
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
