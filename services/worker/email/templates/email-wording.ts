/**
 * One language's words of the email; the layout is the same for every language. The words are
 * plain text with nothing to escape; the variables are escaped where the HTML gets them, so no
 * language can forget to escape a user's name.
 */
export interface InitializationEmailWording {
  /** The HTML's `lang`. */
  language: string;
  subject: string;
  greeting: (name: string) => string;
  /** The text part's lines between the greeting and the link. */
  textIntro: string[];
  /** The HTML part's paragraph before the button. */
  htmlIntro: string;
  button: string;
  /** Before the link written out, for when the button does not work. */
  fallback: string;
  /** The last paragraph of both parts. */
  closing: string;
}
