export const betaLabel = "beta";
