/** What a staff page's post was refused with, above the page, read out at once. */
export function RefusedNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-6 border-l-4 border-destructive bg-destructive/10 p-4">
      <p className="font-semibold">{message}</p>
    </div>
  );
}
