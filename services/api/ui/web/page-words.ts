/**
 * The account page's languages: English and German, as the sign-in pages have. The page speaks
 * the first of the browser's languages (`navigator.languages`, which follows its Accept-Language)
 * that it has, English when none fits. Each part of the page keeps its words for both languages
 * in a `Record<Language, …>` of its own and reads them with `wordsFor`; the static HTML names its
 * words with `data-words="key"` (the text) and `data-words-<attribute>="key"` (an attribute), which
 * `translate` fills in.
 */
export type Language = 'en' | 'de';

const LANGUAGES: readonly Language[] = ['en', 'de'];

/** The first of `preferred` (BCP 47 tags, best first) that the page has, else English. */
export function languageAmong(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] as Language;
    if (LANGUAGES.includes(primary)) return primary;
  }
  return 'en';
}

/** The page's language, chosen once from the browser's. */
export const language: Language = languageAmong(
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
);

/** One language's words: plain text, `{name}` where a value goes in. */
export type Words = Readonly<Record<string, string>>;

/** The words of the page's language. */
export function wordsFor<W extends Words>(words: Readonly<Record<Language, W>>): W {
  return words[language];
}

/** `text` with each `{name}` replaced by `values[name]`. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const ATTRIBUTE = /^wordsAttr([A-Z][a-zA-Z]*)$/;

/**
 * Fills in the words `root`'s elements name: `data-words="key"` replaces the element's text,
 * `data-words-attr-<attribute>="key"` (e.g. `data-words-attr-aria-label`) sets that attribute. A key
 * these words do not have is left as the HTML has it (another part's words fill it in).
 */
export function translate(root: ParentNode, words: Words): void {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('[data-words]'))) {
    const text = words[element.dataset.words!];
    if (text !== undefined) element.textContent = text;
  }
  for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
    for (const name of Object.keys(element.dataset)) {
      const attribute = ATTRIBUTE.exec(name)?.[1];
      const text = attribute ? words[element.dataset[name] ?? ''] : undefined;
      if (attribute && text !== undefined)
        element.setAttribute(
          attribute.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).slice(1),
          text,
        );
    }
  }
}
