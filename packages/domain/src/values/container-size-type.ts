import type { Language } from "../messages/index.ts";

// The ISO 6346 size-type code of a container (22G1, 45G1, 42G1, 22R1, 45R1, 22U1, 22T1, L5G1 …): its first
// character is the length, the second the height (and the width where it is not the standard 8 ft), the last two
// the type: a type group letter with a detailed type digit (G1) or a group code (GP). The portal's container types
// (`container_types`, seeded from the DCSA's list of ISO codes) name each code in words; this reads what the code
// itself says, so the transit declaration states the size and kind of any code, the list's or not.

/** A dimension as ISO 6346 gives it: millimetres and feet (the nearest inch where the standard gives millimetres only). */
export interface SizeTypeDimension {
  code: string;
  /** Millimetres; for a bound (`over 9′6″`, `up to 4′`) the bound itself. */
  mm: number;
  /** Feet and inches as written on the container (40′, 9′6″). */
  feet: string;
  /** Whether `mm` is a bound: more than it (height 6, F, P) or at most it (height 9). */
  bound?: "over" | "up_to";
}

/** The container's width as the height character says: the standard 8 ft, 2438–2500 mm, or wider than 2500 mm. */
export type SizeTypeWidth = "standard" | "2438_2500" | "over_2500";

/** What a size-type code says, each part null where the standard assigns its character nothing. */
export interface ContainerSizeType {
  code: string;
  length: SizeTypeDimension | null;
  height: (SizeTypeDimension & { width: SizeTypeWidth }) | null;
  /** The type group (`G` general purpose …) and the code's last two characters (`G1`, or the group code `GP`). */
  type: { group: ContainerTypeGroup; code: string; isGroupCode: boolean } | null;
}

/** ISO 6346's type groups: the letter a size-type code's type starts with. */
export const CONTAINER_TYPE_GROUPS = {
  G: { en: "general purpose", ru: "универсальный" },
  V: { en: "ventilated", ru: "вентилируемый" },
  B: { en: "dry bulk", ru: "для навалочных грузов" },
  S: { en: "named cargo", ru: "для отдельных видов грузов" },
  R: { en: "refrigerated", ru: "рефрижераторный" },
  H: { en: "insulated", ru: "изотермический" },
  U: { en: "open top", ru: "с открытым верхом" },
  P: { en: "platform (flat)", ru: "платформа" },
  T: { en: "tank", ru: "контейнер-цистерна" },
  A: { en: "air/surface", ru: "воздушно-наземный" },
} as const satisfies Record<string, Record<Language, string>>;
export type ContainerTypeGroup = keyof typeof CONTAINER_TYPE_GROUPS;

/** Length codes (first character). */
const LENGTHS: Readonly<Record<string, [number, string]>> = {
  "1": [2991, "10′"],
  "2": [6068, "20′"],
  "3": [9125, "30′"],
  "4": [12192, "40′"],
  A: [7150, "23′5″"],
  B: [7315, "24′"],
  C: [7430, "24′6″"],
  D: [7450, "24′5″"],
  E: [7820, "25′8″"],
  F: [8100, "26′7″"],
  G: [12500, "41′"],
  H: [13106, "43′"],
  K: [13600, "44′7″"],
  L: [13716, "45′"],
  M: [14630, "48′"],
  N: [14935, "49′"],
  P: [16154, "53′"],
};

/** Height codes (second character), each with the width it implies. */
const HEIGHTS: Readonly<Record<string, [number, string, SizeTypeWidth, ("over" | "up_to")?]>> = {
  "0": [2438, "8′", "standard"],
  "2": [2591, "8′6″", "standard"],
  "4": [2743, "9′", "standard"],
  "5": [2895, "9′6″", "standard"],
  "6": [2895, "9′6″", "standard", "over"],
  "8": [1295, "4′3″", "standard"],
  "9": [1219, "4′", "standard", "up_to"],
  C: [2591, "8′6″", "2438_2500"],
  D: [2743, "9′", "2438_2500"],
  E: [2895, "9′6″", "2438_2500"],
  F: [2895, "9′6″", "2438_2500", "over"],
  L: [2591, "8′6″", "over_2500"],
  M: [2743, "9′", "over_2500"],
  N: [2895, "9′6″", "over_2500"],
  P: [2895, "9′6″", "over_2500", "over"],
};

const SIZE_TYPE_CODE = /^[0-9A-Z]{2}[A-Z][0-9A-Z]$/;

/**
 * What an ISO 6346 size-type code says: its length, height (and width) and type group; null for what is not a
 * code (four characters, the third a letter). A character the standard assigns nothing leaves its part null.
 */
export function decodeContainerSizeType(code: string): ContainerSizeType | null {
  if (!SIZE_TYPE_CODE.test(code)) return null;
  const [lengthCode = "", heightCode = "", group = "", detail = ""] = code;
  const length = LENGTHS[lengthCode];
  const height = HEIGHTS[heightCode];
  const isGroup = Object.hasOwn(CONTAINER_TYPE_GROUPS, group);
  return {
    code,
    length: length ? { code: lengthCode, mm: length[0], feet: length[1] } : null,
    height: height
      ? {
          code: heightCode,
          mm: height[0],
          feet: height[1],
          width: height[2],
          ...(height[3] ? { bound: height[3] } : {}),
        }
      : null,
    type: isGroup
      ? { group: group as ContainerTypeGroup, code: `${group}${detail}`, isGroupCode: /[A-Z]/.test(detail) }
      : null,
  };
}

const WORDS = {
  en: { length: "length", height: "height", over: "over", up_to: "up to", width: "width", mm: "mm" },
  ru: { length: "длина", height: "высота", over: "более", up_to: "до", width: "ширина", mm: "мм" },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * A decoded code in words of the language: `length 40′, height 9′6″, general purpose` (`длина 40′, высота 9′6″,
 * универсальный`); the width where it is not the standard one. Empty for a code that says nothing known.
 */
export function describeContainerSizeType(sizeType: ContainerSizeType, lang: Language): string {
  const words = WORDS[lang];
  const parts: string[] = [];
  if (sizeType.length) parts.push(`${words.length} ${sizeType.length.feet}`);
  const { height } = sizeType;
  if (height) {
    const bound = height.bound ? `${words[height.bound]} ` : "";
    parts.push(`${words.height} ${bound}${height.feet}`);
    if (height.width === "2438_2500") parts.push(`${words.width} 2438–2500 ${words.mm}`);
    if (height.width === "over_2500") parts.push(`${words.width} ${words.over} 2500 ${words.mm}`);
  }
  if (sizeType.type) parts.push(CONTAINER_TYPE_GROUPS[sizeType.type.group][lang]);
  return parts.join(", ");
}
