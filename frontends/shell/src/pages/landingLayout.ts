/** The landing's section box (shared by the first screen and the sections below the fold). */
export const section = { maxWidth: 1200, margin: '0 auto', padding: '72px 20px' } as const;
