import { parse, ParseErrorCode, type ParseError } from 'jsonc-parser';

const WHAT: Record<ParseErrorCode, string> = {
  [ParseErrorCode.InvalidSymbol]: 'unexpected character',
  [ParseErrorCode.InvalidNumberFormat]: 'malformed number',
  [ParseErrorCode.PropertyNameExpected]: 'expected a property name in double quotes',
  [ParseErrorCode.ValueExpected]: 'expected a value',
  [ParseErrorCode.ColonExpected]: "expected ':'",
  [ParseErrorCode.CommaExpected]: "expected ','",
  [ParseErrorCode.CloseBraceExpected]: "expected '}'",
  [ParseErrorCode.CloseBracketExpected]: "expected ']'",
  [ParseErrorCode.EndOfFileExpected]: 'unexpected content after the JSON value',
  [ParseErrorCode.InvalidCommentToken]: 'comments are not JSON',
  [ParseErrorCode.UnexpectedEndOfComment]: 'unterminated comment',
  [ParseErrorCode.UnexpectedEndOfString]: 'unterminated string',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'malformed number',
  [ParseErrorCode.InvalidUnicode]: 'malformed \\u escape',
  [ParseErrorCode.InvalidEscapeCharacter]: 'invalid escape sequence',
  [ParseErrorCode.InvalidCharacter]: 'control character in a string',
};

/**
 * What is wrong with a body JSON.parse refused, and where: `expected a value at line 1 column 8`.
 * V8's own message quotes the text around the error, which may be a password, so it is never
 * used; jsonc-parser, held to strict JSON, names the first error and its offset instead.
 */
export function describeJsonSyntaxError(text: string): string {
  const errors: ParseError[] = [];
  try {
    parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  } catch (error) {
    // jsonc-parser descends by recursion: arrays nested ten thousand deep run it out of stack.
    if (error instanceof RangeError) return 'the request body is not valid JSON';
    throw error;
  }
  const first = errors[0];
  if (!first) return 'the request body is not valid JSON';
  const before = text.slice(0, first.offset).split('\n');
  const line = before.length;
  const column = before.at(-1)!.length + 1;
  return `the request body is not valid JSON: ${WHAT[first.error]} at line ${line} column ${column}`;
}
