import type { SystemParameters } from "@/lib/dify/schemas";

// Which size limit applies to which category of file: the upstream's settings in megabytes (and
// their defaults), and the app's limits in bytes. Without zod: the form page loads it.

export const SIZE_CATEGORIES = ["image", "video", "audio", "document"] as const;
export type SizeCategory = (typeof SIZE_CATEGORIES)[number];

export type UploadLimits = Record<`${SizeCategory}Bytes`, number>;

const SETTING = {
  image: { setting: "image_file_size_limit", defaultMb: 10 },
  video: { setting: "video_file_size_limit", defaultMb: 100 },
  audio: { setting: "audio_file_size_limit", defaultMb: 50 },
  // Everything that is not a picture, a video or a sound counts as a document.
  document: { setting: "file_size_limit", defaultMb: 15 },
} as const satisfies Record<SizeCategory, { setting: keyof SystemParameters; defaultMb: number }>;

const MB = 1024 * 1024;

/** The app's limits from the upstream's settings (its defaults where it sends none). */
export function toUploadLimits(system: SystemParameters | undefined): UploadLimits {
  const limits = SIZE_CATEGORIES.map((category) => {
    const { setting, defaultMb } = SETTING[category];
    return [`${category}Bytes`, (system?.[setting] ?? defaultMb) * MB];
  });
  return Object.fromEntries(limits) as UploadLimits;
}
