/** Banner colour whose text is black (spec 9). */
export const BLACK_TEXT_BANNER_COLOR = 'FFBB00';
