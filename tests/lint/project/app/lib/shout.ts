export const shout = (text: string) => text.toUpperCase();
