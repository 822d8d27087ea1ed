import { z } from "zod";

export const cleanSlateSchema = z.object({
  confirm: z.literal("on", { error: "Tick the box to say the sample entries may go." }),
});
