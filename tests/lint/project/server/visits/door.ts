// The room's door: what other rooms may import from it.
export const visitsOn = (day: string) => day;
