import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

// Loaded on demand (React.lazy) by the pages that ask before a removal, so
// the dialog's code stays out of every page's first scripts.

/**
 * A question before something done for good: focus stays inside
 * until it closes; Escape or a click outside closes it without doing it.
 */
export default function ConfirmDialog({
  title,
  onClose,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 bg-background p-6 text-foreground shadow-2xl outline-none"
        >
          <DialogPrimitive.Title className="text-2xl break-words">{title}</DialogPrimitive.Title>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
