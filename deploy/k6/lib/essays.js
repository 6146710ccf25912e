// The sample essays uploaded by the grading journey (deploy/k6/essays/*.txt).
/** @type {Array<{ name: string, type: 'ee' | 'tok', text: string }>} */
export const essays = [
  { name: 'ee-economics', type: 'ee', text: open('../essays/ee-economics.txt') },
  { name: 'ee-biology', type: 'ee', text: open('../essays/ee-biology.txt') },
  { name: 'tok-knowledge', type: 'tok', text: open('../essays/tok-knowledge.txt') },
];
