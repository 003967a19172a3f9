/** The longest texts forms take, shown as the inputs' maxLength and checked by the schemas. */
export const MAX_CATEGORY_NAME_LENGTH = 60;
export const MAX_COMMENT_LENGTH = 1000;
/** The longest reason an admin gives for hiding a tool's review: its author reads it. */
export const MAX_HIDDEN_REASON_LENGTH = 300;
