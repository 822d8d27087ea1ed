/** A question people ask, with the pub's answer, as the About page shows it. */
export type Question = { id: number; question: string; answer: string };
