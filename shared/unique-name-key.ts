/**
 * The key that makes user names and project names unique without regard to case: NFC first, so
 * the composed and decomposed spellings of one name collide too. It can be longer than the name.
 */
export function uniqueNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
