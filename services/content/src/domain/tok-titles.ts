import { TOK_TITLES_PER_SESSION } from '@corestone/contracts';

/**
 * The TOK session a fresh installation starts with. The IB's prescribed titles are published to
 * schools each session and are not available to us, so these six are clearly-labelled EXAMPLES in
 * the IB's style: an admin replaces them with the real session's titles in the back office
 * (TOK Titles) before students use the wizard. See the README, "TOK titles".
 */
export const SEEDED_TOK_SESSION = 'Example session (replace with the real titles)';

export const SEEDED_TOK_TITLES: readonly string[] = [
  'Example title 1 (replace): Is the explanatory power of a theory more important than its predictive power? Discuss with reference to the natural sciences and one other area of knowledge.',
  'Example title 2 (replace): To what extent does the method used to produce knowledge determine whether that knowledge can be trusted? Discuss with reference to two areas of knowledge.',
  'Example title 3 (replace): Is disagreement between experts a sign of the weakness or the strength of an area of knowledge? Discuss with reference to two areas of knowledge.',
  'Example title 4 (replace): Can we have knowledge that we cannot put into words? Discuss with reference to the arts and one other area of knowledge.',
  'Example title 5 (replace): Should knowledge that has been produced unethically be used? Discuss with reference to two areas of knowledge.',
  'Example title 6 (replace): How can we distinguish between an interpretation and a misinterpretation? Discuss with reference to the arts and history.',
];

if (SEEDED_TOK_TITLES.length !== TOK_TITLES_PER_SESSION) throw new Error('a TOK session has exactly six titles');
