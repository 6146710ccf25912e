import type { IntlShape, MessageDescriptor } from 'react-intl';

/**
 * How the subject catalogue's English names (the values sent with a submission, subjects.ts) read
 * in the page's language: categories, subjects, areas of knowledge, 'Other'. Names without a
 * translation show as they are (APA, MLA…).
 */
const LABELS: Record<string, MessageDescriptor> = {
  'Studies in Language and Literature and Language Acquisition': {
    id: 'subject.studiesInLanguageAndLiteratureAndLanguag',
    defaultMessage: 'Studies in Language and Literature and Language Acquisition',
  },
  'Individuals and Societies': { id: 'subject.individualsAndSocieties', defaultMessage: 'Individuals and Societies' },
  Sciences: { id: 'subject.sciences', defaultMessage: 'Sciences' },
  Mathematics: { id: 'subject.mathematics', defaultMessage: 'Mathematics' },
  'The Arts': { id: 'subject.theArts', defaultMessage: 'The Arts' },
  'Interdisciplinary Subjects': { id: 'subject.interdisciplinarySubjects', defaultMessage: 'Interdisciplinary Subjects' },
  English: { id: 'subject.english', defaultMessage: 'English' },
  French: { id: 'subject.french', defaultMessage: 'French' },
  Spanish: { id: 'subject.spanish', defaultMessage: 'Spanish' },
  German: { id: 'subject.german', defaultMessage: 'German' },
  Chinese: { id: 'subject.chinese', defaultMessage: 'Chinese' },
  Arabic: { id: 'subject.arabic', defaultMessage: 'Arabic' },
  Japanese: { id: 'subject.japanese', defaultMessage: 'Japanese' },
  Hindi: { id: 'subject.hindi', defaultMessage: 'Hindi' },
  'Business Management': { id: 'subject.businessManagement', defaultMessage: 'Business Management' },
  'Digital Society': { id: 'subject.digitalSociety', defaultMessage: 'Digital Society' },
  Economics: { id: 'subject.economics', defaultMessage: 'Economics' },
  Geography: { id: 'subject.geography', defaultMessage: 'Geography' },
  'Global Politics': { id: 'subject.globalPolitics', defaultMessage: 'Global Politics' },
  History: { id: 'subject.history', defaultMessage: 'History' },
  'Information Technology in a Global Society (ITGS)': {
    id: 'subject.informationTechnologyInAGlobalSocietyItg',
    defaultMessage: 'Information Technology in a Global Society (ITGS)',
  },
  Philosophy: { id: 'subject.philosophy', defaultMessage: 'Philosophy' },
  Psychology: { id: 'subject.psychology', defaultMessage: 'Psychology' },
  'Social and Cultural Anthropology': { id: 'subject.socialAndCulturalAnthropology', defaultMessage: 'Social and Cultural Anthropology' },
  'World Religions': { id: 'subject.worldReligions', defaultMessage: 'World Religions' },
  Biology: { id: 'subject.biology', defaultMessage: 'Biology' },
  Chemistry: { id: 'subject.chemistry', defaultMessage: 'Chemistry' },
  'Computer Science': { id: 'subject.computerScience', defaultMessage: 'Computer Science' },
  'Design Technology': { id: 'subject.designTechnology', defaultMessage: 'Design Technology' },
  Physics: { id: 'subject.physics', defaultMessage: 'Physics' },
  'Sports, Exercise and Health Science': {
    id: 'subject.sportsExerciseAndHealthScience',
    defaultMessage: 'Sports, Exercise and Health Science',
  },
  'Analysis and Approaches': { id: 'subject.analysisAndApproaches', defaultMessage: 'Analysis and Approaches' },
  'Applications and Interpretation': { id: 'subject.applicationsAndInterpretation', defaultMessage: 'Applications and Interpretation' },
  Dance: { id: 'subject.dance', defaultMessage: 'Dance' },
  Film: { id: 'subject.film', defaultMessage: 'Film' },
  Music: { id: 'subject.music', defaultMessage: 'Music' },
  Theatre: { id: 'subject.theatre', defaultMessage: 'Theatre' },
  'Visual Arts': { id: 'subject.visualArts', defaultMessage: 'Visual Arts' },
  'Environmental Systems and Societies': {
    id: 'subject.environmentalSystemsAndSocieties',
    defaultMessage: 'Environmental Systems and Societies',
  },
  'Literature and Performance': { id: 'subject.literatureAndPerformance', defaultMessage: 'Literature and Performance' },
  'World Studies': { id: 'subject.worldStudies', defaultMessage: 'World Studies' },
  'The Human Sciences': { id: 'subject.theHumanSciences', defaultMessage: 'The Human Sciences' },
  'The Natural Sciences': { id: 'subject.theNaturalSciences', defaultMessage: 'The Natural Sciences' },
  Other: { id: 'subject.other', defaultMessage: 'Other' },
};

export function subjectLabel(intl: IntlShape, name: string): string {
  const message = LABELS[name];
  return message ? intl.formatMessage(message) : name;
}
