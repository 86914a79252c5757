/** Text of the document itself, around every page (the root layout). */
export const skipLink = "Skip to content";
