import { describe, expect, it } from "vitest";
import { latencySummary, median, percentile } from "./percentile";

describe("percentile", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted

  it("picks the nearest rank, one of the values measured", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([0.25, 3.5, 1.75], 50)).toBe(1.75);
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });

  it("is NaN with no values and refuses a p outside 0–100", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe("latencySummary", () => {
  it("gives count, p50, p99 and max in one pass", () => {
    expect(latencySummary(Float64Array.from({ length: 1000 }, (_, i) => i + 1))).toEqual({
      count: 1000,
      p50: 500,
      p99: 990,
      max: 1000,
    });
    expect(latencySummary([]).max).toBeNaN();
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
