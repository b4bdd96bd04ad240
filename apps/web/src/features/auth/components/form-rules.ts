/**
 * Rules of the plain sign-in forms (plain-form.tsx): a rule answers the message of what is wrong
 * with a value, or nothing. Kept apart from the form kit so that the registration page, which
 * shares the messages, does not load the kit's styles.
 */
export type Rule = (value: string) => string | undefined;

/** The value is there (`trim`: and is not only blanks), as antd's `required` (and `whitespace`). */
export const required =
  (message: string, trim = false): Rule =>
  (value) =>
    (trim ? value.trim() : value) ? undefined : message;

/** A filled-in value passes `test` (an empty one is left to `required`). */
export const matches =
  (test: (value: string) => boolean, message: string): Rule =>
  (value) =>
    !value || test(value) ? undefined : message;
