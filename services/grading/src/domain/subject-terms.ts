/**
 * Concepts an essay in each subject is expected to use (user-app §4's EE subject catalogue, and
 * TOK). A sample of each subject's core vocabulary, not a syllabus: the built-in grader counts how
 * many appear and names missing ones as examples. Multi-word terms match as phrases, single words
 * by their stem.
 */
const GLOSSARY: Array<[RegExp, string[]]> = [
  [/english|french|spanish|german|chinese|arabic|japanese|hindi|literature|language/, ['narrator', 'imagery', 'metaphor', 'symbolism', 'theme', 'characterisation', 'tone', 'diction', 'genre', 'protagonist', 'juxtaposition', 'motif', 'irony', 'narrative voice']],
  [/economics/, ['demand', 'supply', 'elasticity', 'market failure', 'incidence', 'externality', 'equilibrium', 'consumer', 'producer', 'revenue', 'welfare', 'subsidy', 'price mechanism', 'allocative efficiency']],
  [/business/, ['stakeholder', 'revenue', 'profit', 'marketing', 'strategy', 'competitive advantage', 'cash flow', 'market share', 'organisational', 'leadership', 'motivation', 'investment', 'swot', 'break-even']],
  [/geography/, ['spatial', 'urban', 'rural', 'migration', 'population', 'climate', 'sustainability', 'land use', 'hazard', 'development', 'fieldwork', 'region', 'inequality', 'distribution']],
  [/history/, ['historiography', 'primary source', 'causation', 'consequence', 'context', 'historian', 'interpretation', 'propaganda', 'regime', 'revolution', 'treaty', 'significance', 'continuity', 'change']],
  [/politics/, ['sovereignty', 'power', 'legitimacy', 'state', 'human rights', 'conflict', 'governance', 'democracy', 'international', 'policy', 'diplomacy', 'interdependence', 'justice', 'non-state actors']],
  [/philosophy/, ['epistemology', 'ethics', 'metaphysics', 'premise', 'objection', 'utilitarian', 'deontolog', 'free will', 'consciousness', 'argument', 'validity', 'counterexample', 'thought experiment', 'moral']],
  [/psycholog/, ['cognitive', 'behaviour', 'participants', 'hypothesis', 'validity', 'sample', 'bias', 'ethical considerations', 'biological', 'sociocultural', 'experiment', 'correlation', 'generalis', 'reliability']],
  [/anthropolog/, ['ethnography', 'culture', 'fieldwork', 'kinship', 'identity', 'ritual', 'participant observation', 'society', 'community', 'emic', 'etic', 'power', 'belonging', 'symbolic']],
  [/religion/, ['ritual', 'belief', 'scripture', 'doctrine', 'worship', 'tradition', 'sacred', 'practice', 'community', 'interpretation', 'pilgrimage', 'faith', 'sect', 'theology']],
  [/digital|itgs|information technology/, ['data', 'algorithm', 'privacy', 'surveillance', 'digital', 'network', 'automation', 'stakeholder', 'impact', 'platform', 'artificial intelligence', 'security', 'ethical', 'access']],
  [/biology/, ['cell', 'enzyme', 'organism', 'species', 'gene', 'protein', 'concentration', 'hypothesis', 'independent variable', 'dependent variable', 'photosynthesis', 'respiration', 'population', 'statistical']],
  [/chemistry/, ['reaction', 'concentration', 'molar', 'solution', 'titration', 'enthalpy', 'equilibrium', 'catalyst', 'compound', 'oxidation', 'uncertainty', 'rate of reaction', 'absorbance', 'independent variable']],
  [/physics/, ['force', 'energy', 'velocity', 'acceleration', 'momentum', 'wave', 'frequency', 'field', 'uncertainty', 'gradient', 'resistance', 'independent variable', 'systematic error', 'oscillation']],
  [/computer/, ['algorithm', 'complexity', 'data structure', 'runtime', 'recursion', 'array', 'sorting', 'efficiency', 'implementation', 'big o', 'memory', 'benchmark', 'iteration', 'dataset']],
  [/design/, ['design', 'prototype', 'user', 'material', 'ergonomic', 'sustainability', 'specification', 'testing', 'manufactur', 'iteration', 'requirements', 'innovation', 'function', 'evaluation']],
  [/sport|exercise|health/, ['heart rate', 'training', 'performance', 'muscle', 'oxygen', 'aerobic', 'anaerobic', 'fatigue', 'recovery', 'participants', 'intensity', 'fitness', 'hypothesis', 'physiolog']],
  [/mathematics|analysis and approaches|applications and interpretation/, ['function', 'derivative', 'integral', 'proof', 'theorem', 'equation', 'model', 'probability', 'distribution', 'variable', 'limit', 'graph', 'assumption', 'formula']],
  [/dance|film|music|theatre|visual arts|arts/, ['composition', 'technique', 'audience', 'performance', 'style', 'form', 'movement', 'context', 'medium', 'aesthetic', 'interpretation', 'genre', 'practitioner', 'symbolism']],
  [/environmental|\bess\b/, ['ecosystem', 'sustainability', 'biodiversity', 'pollution', 'environmental value system', 'resource', 'carbon', 'conservation', 'habitat', 'species', 'impact', 'management', 'data', 'stakeholder']],
  [/world studies|interdisciplinary/, ['global', 'local', 'interdisciplinary', 'issue', 'perspective', 'lens', 'impact', 'community', 'sustainab', 'evidence', 'context', 'stakeholder', 'inequality', 'policy']],
  [/theory of knowledge|\btok\b/, ['knowledge', 'knower', 'justification', 'evidence', 'certainty', 'perspective', 'area of knowledge', 'interpretation', 'bias', 'truth', 'belief', 'methodology', 'objectivity', 'knowledge claim']],
];

/** The subject's terms, or none when the subject is not in the catalogue. */
export function subjectGlossary(subject: string): string[] {
  const s = subject.toLowerCase();
  return GLOSSARY.find(([re]) => re.test(s))?.[1] ?? [];
}
