import { describe, expect, it } from "vitest";
import { decodeContainerSizeType, describeContainerSizeType } from "./container-size-type.ts";

/** A code that must decode. */
function decoded(code: string) {
  const sizeType = decodeContainerSizeType(code);
  if (!sizeType) throw new Error(`${code} does not decode`);
  return sizeType;
}

describe("decodeContainerSizeType", () => {
  it.each([
    ["22G1", 6068, "20′", 2591, "8′6″", "G", "general purpose"],
    ["42G1", 12192, "40′", 2591, "8′6″", "G", "general purpose"],
    ["45G1", 12192, "40′", 2895, "9′6″", "G", "general purpose"],
    ["22R1", 6068, "20′", 2591, "8′6″", "R", "refrigerated"],
    ["45R1", 12192, "40′", 2895, "9′6″", "R", "refrigerated"],
    ["22U1", 6068, "20′", 2591, "8′6″", "U", "open top"],
    ["22T1", 6068, "20′", 2591, "8′6″", "T", "tank"],
    ["20G0", 6068, "20′", 2438, "8′", "G", "general purpose"],
    ["L5G1", 13716, "45′", 2895, "9′6″", "G", "general purpose"],
    ["22B0", 6068, "20′", 2591, "8′6″", "B", "dry bulk"],
    ["22V0", 6068, "20′", 2591, "8′6″", "V", "ventilated"],
    ["42P1", 12192, "40′", 2591, "8′6″", "P", "platform (flat)"],
    ["46H0", 12192, "40′", 2895, "9′6″", "H", "insulated"],
  ])(
    "reads %s as %i mm (%s) long, %i mm (%s) high, type group %s",
    (code, lengthMm, length, heightMm, height, group, name) => {
      expect(decoded(code)).toMatchObject({
        code,
        length: { mm: lengthMm, feet: length },
        height: { mm: heightMm, feet: height },
        type: { group, code: code.slice(2), isGroupCode: false },
      });
      expect(describeContainerSizeType(decoded(code), "en")).toContain(name);
    },
  );

  it("reads a type group code (GP, RT) as the group, not a detailed type", () => {
    expect(decodeContainerSizeType("45RT")?.type).toEqual({ group: "R", code: "RT", isGroupCode: true });
    expect(decodeContainerSizeType("22GP")?.type).toEqual({ group: "G", code: "GP", isGroupCode: true });
  });

  it("reads the width from the height character: 2438–2500 mm (C, E), over 2500 mm (N), and the bounds", () => {
    expect(decodeContainerSizeType("2EG0")?.height).toEqual({
      code: "E",
      mm: 2895,
      feet: "9′6″",
      width: "2438_2500",
    });
    expect(decodeContainerSizeType("4CG0")?.height?.width).toBe("2438_2500");
    expect(decodeContainerSizeType("LNG1")?.height?.width).toBe("over_2500");
    expect(decodeContainerSizeType("26G0")?.height?.bound).toBe("over");
    expect(decodeContainerSizeType("29P0")?.height).toMatchObject({ mm: 1219, bound: "up_to" });
  });

  it("leaves a part the standard assigns nothing unknown, and refuses what is not a code", () => {
    expect(decodeContainerSizeType("7XQ1")).toEqual({ code: "7XQ1", length: null, height: null, type: null });
    for (const text of ["", "22G", "22G10", "2291", "22g1", "22 G1", "２２G1"]) {
      expect(decodeContainerSizeType(text), text).toBeNull();
    }
  });
});

describe("describeContainerSizeType", () => {
  it("says the size and the kind in each language", () => {
    const highCube = decoded("45G1");
    expect(describeContainerSizeType(highCube, "en")).toBe("length 40′, height 9′6″, general purpose");
    expect(describeContainerSizeType(highCube, "ru")).toBe("длина 40′, высота 9′6″, универсальный");
    expect(describeContainerSizeType(decoded("29P0"), "ru")).toBe("длина 20′, высота до 4′, платформа");
    expect(describeContainerSizeType(decoded("LNR1"), "en")).toBe(
      "length 45′, height 9′6″, width over 2500 mm, refrigerated",
    );
    expect(describeContainerSizeType(decoded("7XQ1"), "en")).toBe("");
  });
});
