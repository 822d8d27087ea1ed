export const toastTypes = ["message", "success", "info", "error"] as const;

export type ToastType = (typeof toastTypes)[number];

export type Toast = {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
};
