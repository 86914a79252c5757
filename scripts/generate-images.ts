// Generates the catalogue artwork and responsive photo variants.
