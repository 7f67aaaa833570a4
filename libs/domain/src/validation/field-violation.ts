/** One failed constraint; `pointer` is a JSON Pointer (URI fragment form) into the request body. */
export interface FieldViolation {
  pointer: string;
  message: string;
}
