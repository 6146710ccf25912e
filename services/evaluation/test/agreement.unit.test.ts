import {
  adjacentAgreement,
  agreementFigure,
  agreementFigures,
  exactAgreement,
  kappaStrength,
  meanSignedDifference,
  quadraticWeightedKappa,
  type MarkPair,
} from '../src/domain/agreement';

/** `count` essays where the AI gave `ai` and the teacher `teacher` (one cell of a confusion matrix). */
const cell = (ai: number, teacher: number, count: number): MarkPair[] => Array.from({ length: count }, () => ({ ai, teacher }));
const pairsOf = (ai: number[], teacher: number[]): MarkPair[] => ai.map((a, i) => ({ ai: a, teacher: teacher[i] }));

describe('quadratic weighted kappa against hand computations', () => {
  it("two categories: Cohen's textbook table (20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no) gives 0.4", () => {
    // With two categories the quadratic weights are 0/1, so weighted κ is Cohen's κ:
    // p_o = 35/50 = 0.7, p_e = 0.5·0.6 + 0.5·0.4 = 0.5, κ = (0.7 − 0.5)/(1 − 0.5) = 0.4.
    const pairs = [...cell(1, 1, 20), ...cell(1, 0, 5), ...cell(0, 1, 10), ...cell(0, 0, 15)];
    expect(quadraticWeightedKappa(pairs)).toBeCloseTo(0.4, 12);
  });

  it('two categories, same agreement different margins: 45/15/25/15 gives 0.1304 and 25/35/5/35 gives 0.2593', () => {
    // p_o = 0.6 in both. First: rows 60/40, cols 70/30 → p_e = 0.6·0.7 + 0.4·0.3 = 0.54, κ = 0.06/0.46.
    const first = [...cell(1, 1, 45), ...cell(1, 0, 15), ...cell(0, 1, 25), ...cell(0, 0, 15)];
    expect(quadraticWeightedKappa(first)).toBeCloseTo(0.06 / 0.46, 12);
    expect(quadraticWeightedKappa(first)).toBeCloseTo(0.1304, 4);
    // Second: rows 60/40, cols 30/70 → p_e = 0.6·0.3 + 0.4·0.7 = 0.46, κ = 0.14/0.54.
    const second = [...cell(1, 1, 25), ...cell(1, 0, 35), ...cell(0, 1, 5), ...cell(0, 0, 35)];
    expect(quadraticWeightedKappa(second)).toBeCloseTo(0.14 / 0.54, 12);
    expect(quadraticWeightedKappa(second)).toBeCloseTo(0.2593, 4);
  });

  it('three categories from the confusion matrix: 164/234', () => {
    //            teacher 0  1  2   (row)
    //   AI 0            4  1  0    5
    //   AI 1            1  3  1    5
    //   AI 2            0  2  2    4
    //   (col)           5  6  3    N = 14
    // Σ w·O, w = (i − j)²: 1 + 1 + 1 + 2·1 = 5.
    // Σ w·E = (1/14)·(5·6·1 + 5·3·4 + 5·5·1 + 5·3·1 + 4·5·4 + 4·6·1) = 234/14.
    // κ = 1 − 5/(234/14) = 1 − 70/234 = 164/234 ≈ 0.70085.
    const pairs = [
      ...cell(0, 0, 4),
      ...cell(0, 1, 1),
      ...cell(1, 0, 1),
      ...cell(1, 1, 3),
      ...cell(1, 2, 1),
      ...cell(2, 1, 2),
      ...cell(2, 2, 2),
    ];
    expect(quadraticWeightedKappa(pairs)).toBeCloseTo(164 / 234, 12);
  });

  it('the same with the normalised weights (i − j)²/(k − 1)² of the usual formula: identical', () => {
    // A direct matrix computation, as a second route to the value above.
    const k = 5;
    const ai = [1, 2, 3, 4, 2];
    const teacher = [1, 3, 3, 4, 1];
    const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    ai.forEach((a, p) => (observed[a][teacher[p]] += 1));
    const rows = observed.map((r) => r.reduce((s, x) => s + x, 0));
    const cols = observed[0].map((_, j) => observed.reduce((s, r) => s + r[j], 0));
    let num = 0;
    let den = 0;
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        const w = (i - j) ** 2 / (k - 1) ** 2;
        num += w * observed[i][j];
        den += (w * rows[i] * cols[j]) / ai.length;
      }
    }
    // By hand: Σ(a − t)² = 0 + 1 + 0 + 0 + 1 = 2; Σ_p Σ_q (a_p − t_q)² = 17 + 8 + 9 + 20 + 8 = 62;
    // κ = 1 − 5·2/62 = 52/62.
    expect(1 - num / den).toBeCloseTo(52 / 62, 12);
    expect(quadraticWeightedKappa(pairsOf(ai, teacher))).toBeCloseTo(52 / 62, 12);
  });

  it('does not depend on the step of the scale (half marks) nor on its origin', () => {
    const ai = [1, 2, 3, 4, 2];
    const teacher = [1, 3, 3, 4, 1];
    const halves = pairsOf(
      ai.map((x) => x / 2),
      teacher.map((x) => x / 2),
    );
    const shifted = pairsOf(
      ai.map((x) => x + 3),
      teacher.map((x) => x + 3),
    );
    expect(quadraticWeightedKappa(halves)).toBeCloseTo(52 / 62, 12);
    expect(quadraticWeightedKappa(shifted)).toBeCloseTo(52 / 62, 12);
  });

  it('is 1 for perfect agreement, 0 when the AI gives everyone the same mark, negative when it reverses the order', () => {
    expect(quadraticWeightedKappa(pairsOf([0, 1, 2, 3], [0, 1, 2, 3]))).toBe(1);
    expect(quadraticWeightedKappa(pairsOf([2, 2, 2, 2], [0, 1, 2, 3]))).toBeCloseTo(0, 12);
    // Reversed: Σd² = 9 + 1 + 1 + 9 = 20; Σ_pΣ_q = 4·(0+1+4+9)·2 − 2·6·6 = 112 − 72 = 40 → /4 = 10; κ = 1 − 20/10 = −1.
    expect(quadraticWeightedKappa(pairsOf([3, 2, 1, 0], [0, 1, 2, 3]))).toBeCloseTo(-1, 12);
  });

  it('is null with fewer than two essays or with no variance at all', () => {
    expect(quadraticWeightedKappa([])).toBeNull();
    expect(quadraticWeightedKappa([{ ai: 3, teacher: 1 }])).toBeNull();
    expect(quadraticWeightedKappa(cell(4, 4, 6))).toBeNull();
  });
});

describe('exact, adjacent and mean signed difference', () => {
  const pairs = pairsOf([1, 2, 3, 4, 2.5], [1, 3, 3, 2, 1]);
  it('counts exact and within-one-mark agreement as fractions', () => {
    expect(exactAgreement(pairs)).toBe(2 / 5);
    // |d| = 0, 1, 0, 2, 1.5 → within one: 3 of 5.
    expect(adjacentAgreement(pairs)).toBe(3 / 5);
  });
  it('takes AI − teacher: positive when the AI marks higher', () => {
    // d = 0, −1, 0, 2, 1.5 → 2.5/5.
    expect(meanSignedDifference(pairs)).toBeCloseTo(0.5, 12);
    expect(meanSignedDifference(pairsOf([1, 1], [2, 3]))).toBe(-1.5);
  });
  it('is null with no essays', () => {
    expect(exactAgreement([])).toBeNull();
    expect(adjacentAgreement([])).toBeNull();
    expect(meanSignedDifference([])).toBeNull();
  });
});

describe('the plain-words reading', () => {
  it('says which way the AI leans, by how much, and how strong the agreement is', () => {
    const pairs = [...cell(4, 3, 8), ...cell(3, 3, 2), ...cell(2, 1, 2)];
    const figure = agreementFigure('Knowledge and understanding', 'C', pairs);
    expect(figure).toMatchObject({ criterion: 'Knowledge and understanding', criterion_id: 'C', n: 12, exact: 2 / 12, adjacent: 1 });
    expect(figure.mean_difference).toBeCloseTo(10 / 12, 12);
    expect(figure.reading).toBe(
      `The AI marks criterion C 0.8 marks higher than your teachers on average (12 essays); agreement is ${kappaStrength(figure.qwk!)} (κ ${figure.qwk!.toFixed(2)}), exact 17 %, within one mark 100 %.`,
    );
  });

  it('reads a lean of a whole mark as "1 mark lower"', () => {
    const figure = agreementFigure('Total', null, pairsOf([10, 20, 30, 15], [11, 21, 31, 16]), 'the total');
    expect(figure.reading).toMatch(
      /^The AI marks the total 1 mark lower than your teachers on average \(4 essays\); agreement is almost perfect/,
    );
    expect(figure.reading).toMatch(/With only 4 essays, read this with care\.$/);
  });

  it('says "alike" for a small mean difference and explains a missing kappa', () => {
    const figure = agreementFigure('Focus', 'A', cell(3, 3, 1));
    expect(figure.qwk).toBeNull();
    expect(figure.reading).toBe(
      'The AI and your teachers mark criterion A alike on average (1 essay); agreement beyond chance cannot be measured yet (κ needs at least 2 essays with different marks), exact 100 %, within one mark 100 %. With only 1 essay, read this with care.',
    );
  });

  it('says so when there is nothing to measure', () => {
    expect(agreementFigure('Focus', 'A', []).reading).toBe('No teacher-reviewed essays yet for criterion A.');
  });

  it('names the kappa bands of Landis and Koch', () => {
    expect([-0.1, 0.1, 0.3, 0.5, 0.7, 0.9].map(kappaStrength)).toEqual([
      'poor (worse than chance)',
      'slight',
      'fair',
      'moderate',
      'substantial',
      'almost perfect',
    ]);
  });
});

describe('figures over many essays', () => {
  it('groups by criterion in order of appearance, skips missing AI marks, and figures the total', () => {
    const essay = (a: [number | null, number], b: [number, number], total?: [number | null, number]) => ({
      criteria: [
        { criterion_id: 'A', name: 'Focus', ai: a[0], teacher: a[1] },
        { criterion_id: 'B', name: 'Knowledge', ai: b[0], teacher: b[1] },
      ],
      total: total && { ai: total[0], teacher: total[1] },
    });
    const report = agreementFigures([essay([3, 3], [2, 4], [5, 7]), essay([null, 2], [4, 4], [null, 6]), essay([5, 4], [1, 1])]);
    expect(report.essays).toBe(3);
    expect(report.criteria.map((c) => [c.criterion_id, c.criterion, c.n])).toEqual([
      ['A', 'Focus', 2],
      ['B', 'Knowledge', 3],
    ]);
    expect(report.criteria[0].mean_difference).toBe(0.5);
    expect(report.criteria[1].exact).toBe(2 / 3);
    expect(report.total).toMatchObject({ criterion: 'Total', criterion_id: null, n: 1, mean_difference: -2 });
    expect(report.total!.reading).toMatch(/^The AI marks the total 2 marks lower/);
    expect(agreementFigures([]).total).toBeNull();
  });
});
