/** Cache keys of recurring donations; a posted occurrence also changes the donation lists. */
export const seriesKeys = {
  all: ['series'] as const,
};
