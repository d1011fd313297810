/** Fixed pixel layout of the encoding (encoder.md §4.1). */
import { IMAGE_SIZE } from './image';

/** The window stripe ends here (12 px from the right edge); the room's facade column is left of it. */
export const STRIPE_END_COL = IMAGE_SIZE - 12;
/** The window and the room anchor sit on this row. */
export const ANCHOR_ROW = 64;
/** Rows 0, 1, 126, 127 and columns 0, 1 never hold room or stripe pixels. */
export const BORDER = 2;
