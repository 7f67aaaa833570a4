/** The tag of every route of the group in the OpenAPI document. */
export const BO_READ_TAG = 'BO4E Lesen';
