/**
 * The TOK prescribed titles the upload wizard offers (user-app §2: "a fixed list of 17 questions
 * shown as 'Title n: ...'"; their wording is not shown). These are our own titles written in the
 * style of the IB's prescribed titles; a super admin replaces them with the session's official
 * list through PUT /general/tok-prescribed-titles.
 */
export const SEEDED_TOK_SESSION = 'Practice titles';

export const SEEDED_TOK_TITLES: readonly string[] = [
  'Is the explanatory power of a theory more important than its predictive power? Discuss with reference to the natural sciences and one other area of knowledge.',
  'To what extent does the method used to produce knowledge determine whether that knowledge can be trusted? Discuss with reference to two areas of knowledge.',
  '"The more we know, the more we realise how little we know." Discuss this claim with reference to history and one other area of knowledge.',
  'Is disagreement between experts a sign of the weakness or the strength of an area of knowledge? Discuss with reference to two areas of knowledge.',
  'How far do the tools we use to acquire knowledge shape the knowledge we acquire? Discuss with reference to the natural sciences and the human sciences.',
  'Can we have knowledge that we cannot put into words? Discuss with reference to the arts and one other area of knowledge.',
  '"In the pursuit of knowledge, what is left out is as important as what is included." Discuss with reference to history and the human sciences.',
  'Should knowledge that has been produced unethically be used? Discuss with reference to two areas of knowledge.',
  'To what extent is certainty achievable in mathematics and in one other area of knowledge?',
  'Does the value of knowledge depend on how widely it is shared? Discuss with reference to two areas of knowledge.',
  '"Models are always wrong, but some are useful." Evaluate this claim with reference to the human sciences and one other area of knowledge.',
  'How can we distinguish between an interpretation and a misinterpretation? Discuss with reference to the arts and history.',
  'Is it the responsibility of the knower to question the assumptions of the community to which they belong? Discuss with reference to two areas of knowledge.',
  'To what extent are the conclusions of an area of knowledge limited by the questions it chooses to ask? Discuss with reference to two areas of knowledge.',
  '"Simplicity is the ultimate sophistication." Does simplifying a problem help or hinder the production of knowledge? Discuss with reference to mathematics and one other area of knowledge.',
  'Are facts discovered or constructed? Discuss with reference to the natural sciences and history.',
  'How important are emotions in the production and evaluation of knowledge? Discuss with reference to the arts and one other area of knowledge.',
];
