/** One A6 label on an A6 page, or four copies on an A4 page (each a quarter, about A6). */
export const LABEL_LAYOUTS = ['a6', 'a4x4'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];
