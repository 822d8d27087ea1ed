import * as DialogPrimitive from "@radix-ui/react-dialog";
import { XIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/platform/cn";

/** A dialog that slides in from the side: focus stays inside until it closes. */
export function Sheet(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="sheet" {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="sheet-title"
      className={cn("font-display text-2xl", className)}
      {...props}
    />
  );
}

export function SheetContent({
  className,
  children,
  closeLabel = "Close",
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="sheet-overlay"
        className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]"
      />
      <DialogPrimitive.Content
        data-slot="sheet-content"
        aria-describedby={undefined}
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto overscroll-contain bg-shell text-shell-foreground shadow-2xl outline-none data-[state=open]:animate-[sheet-in_200ms_ease-out] forced-colors:border-l forced-colors:border-[CanvasText]",
          className,
        )}
        {...props}
      >
        {/* First in the document as it is first on screen (top right), so Tab follows the eye. */}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 z-10 inline-flex size-11 items-center justify-center text-shell-foreground hover:bg-white/10"
          aria-label={closeLabel}
        >
          <XIcon aria-hidden="true" className="size-6" />
        </DialogPrimitive.Close>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
