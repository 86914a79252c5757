// Breaks the feature boundary: alpha imports beta.
import { betaLabel } from "../beta/label.ts";

export const quote = `alpha uses ${betaLabel}`;
