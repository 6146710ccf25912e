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

export const AREAS_OF_KNOWLEDGE = ['History', 'The Human Sciences', 'The Natural Sciences', 'The Arts', 'Mathematics'];
