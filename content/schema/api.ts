import { z } from 'zod';

/** The US new-user popup's copy (docs/spec/platform.md §3). */
export const NewUserPopup = z.object({
  title: z.string().min(1),
  describe: z.string().min(1),
  placeholder: z.string().min(1),
  button: z.string().min(1),
  invalid: z.string().min(1),
  privacy: z.string().min(1),
  successTitle: z.string().min(1),
  successSubtitle: z.string().min(1),
  successButton: z.string().min(1),
  successDescribe: z.string().min(1),
});
export type NewUserPopup = z.infer<typeof NewUserPopup>;
