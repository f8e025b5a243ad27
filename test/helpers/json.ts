/**
 * A parsed JSON response body. Tests walk into it freely and then compare it whole with chai's
 * deep equality, which is where its shape is checked: a declared type would only restate
 * the expected value next to it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a response body is checked by the assertions, not by types
export type Json = any;
