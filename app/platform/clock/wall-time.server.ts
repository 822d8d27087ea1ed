/** A `time` column as the "HH:MM" wall time the pub's clock works in, selected by both drivers alike. */
export const wallTime = (column: string) => `to_char(${column}, 'HH24:MI')`;
