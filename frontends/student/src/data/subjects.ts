/** EE subject catalogue by category (spec §2). */
export const EE_SUBJECTS: Record<string, string[]> = {
  'Studies in Language and Literature and Language Acquisition': [
    'English',
    'French',
    'Spanish',
    'German',
    'Chinese',
    'Arabic',
    'Japanese',
    'Hindi',
  ],
  'Individuals and Societies': [
    'Business Management',
    'Digital Society',
    'Economics',
    'Geography',
    'Global Politics',
    'History',
    'Information Technology in a Global Society (ITGS)',
    'Philosophy',
    'Psychology',
    'Social and Cultural Anthropology',
    'World Religions',
  ],
  Sciences: ['Biology', 'Chemistry', 'Computer Science', 'Design Technology', 'Physics', 'Sports, Exercise and Health Science'],
  Mathematics: ['Analysis and Approaches', 'Applications and Interpretation'],
  'The Arts': ['Dance', 'Film', 'Music', 'Theatre', 'Visual Arts'],
  'Interdisciplinary Subjects': ['Environmental Systems and Societies', 'Literature and Performance', 'World Studies'],
};

export const CITATION_STYLES = ['APA', 'MLA', 'Chicago', 'Harvard', 'Other'];

/**
 * TOK prescribed titles. The spec fixes the count (17) and the 'Title n: ...' labels but not the
 * wording: these are our own TOK-style questions (placeholders until the real session's list).
 */
export const TOK_PRESCRIBED_TITLES: string[] = [
  'Is the knowledge we gain from experts more reliable than the knowledge we gain from our own experience?',
  'To what extent do the methods of a discipline shape the knowledge that it produces?',
  'Can we know something without being able to explain how we know it?',
  'Does the availability of more data make it easier or harder to reach knowledge? Discuss with reference to two areas of knowledge.',
  'How far does the language we use determine what we are able to know?',
  'Is disagreement a sign of weakness or of strength in the production of knowledge?',
  'To what extent is certainty a goal worth pursuing in the natural sciences and in history?',
  'Are some kinds of knowledge more valuable because they are harder to obtain?',
  'How do the values of the knower affect the knowledge they produce in the human sciences and the arts?',
  'Is it possible to separate knowledge from its practical consequences?',
  'To what extent does our knowledge of the past depend on the interests of the present?',
  'Can models and simplifications give us genuine knowledge of a complex world?',
  'How important is consensus in deciding what counts as knowledge in mathematics and in the arts?',
  'Should we trust knowledge that is produced by machines we do not fully understand?',
  'Does the knowledge of an individual carry less weight than the knowledge of a community?',
  'To what extent are the boundaries between areas of knowledge useful?',
  'Is imagination as important as evidence in the production of knowledge?',
];
export const tokTitleLabel = (i: number) => `Title ${i + 1}: ${TOK_PRESCRIBED_TITLES[i]}`;

export const AREAS_OF_KNOWLEDGE = ['History', 'The Human Sciences', 'The Natural Sciences', 'The Arts', 'Mathematics'];
