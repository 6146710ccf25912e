/** nspell 2 (CommonJS, no types of its own): the part of its API the built-in grader uses. */
declare module 'nspell' {
  interface NSpell {
    /** Whether the word is spelled correctly (case as written: 'april' is wrong, 'April' right). */
    correct(word: string): boolean;
    suggest(word: string): string[];
  }
  function nspell(aff: Buffer | string, dic?: Buffer | string): NSpell;
  export = nspell;
}
