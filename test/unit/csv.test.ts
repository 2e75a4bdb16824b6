import { describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { csvStream } from "../../lib/csv.ts";

/** The one CSV writer (lib/csv.ts): exact bytes, formula escapes of text cells, numbers untouched, streaming. */

const bytes = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
const BOM = [0xef, 0xbb, 0xbf];

describe("csvStream", () => {
  test("BOM, CRLF, quoting and the formula escapes of text cells; numbers as they are", async () => {
    const rows = [
      ["=1+1", -5],
      ["+49 30 1234", -12.5],
      ["-Minus", 0.25],
      ["@SUM(A1)", 0],
      ["\tTab", null],
      ["\rCR", 3],
      ['Say "hi", then', 1e-7],
      ["two\nlines", 42],
      ["plain", -0.0001],
    ];
    const out = await bytes(csvStream(["Text", "Number"], rows));
    expect([...out.slice(0, 3)]).toEqual(BOM);
    const text = new TextDecoder().decode(out.slice(3));
    expect(text).toBe(
      [
        "Text,Number",
        "'=1+1,-5",
        "'+49 30 1234,-12.5",
        "'-Minus,0.25",
        "'@SUM(A1),0",
        "'\tTab,",
        "\"'\rCR\",3",
        '"Say ""hi"", then",1e-7',
        '"two\nlines",42',
        "plain,-0.0001",
        "",
      ].join("\r\n"),
    );
    // An independent parser reads back what was written.
    const parsed: { Number: number | string }[] = parse(text, { columns: true, cast: (value, ctx) => (ctx.column === "Number" && value !== "" ? Number(value) : value) });
    expect(parsed.map((r) => r.Number)).toEqual([-5, -12.5, 0.25, 0, "", 3, 1e-7, 42, -0.0001]);
  });

  test("an empty report is the BOM and the header", async () => {
    expect(new TextDecoder().decode((await bytes(csvStream(["A", "B"], []))).slice(3))).toBe("A,B\r\n");
  });

  test("pulls rows only as the reader reads: an endless report streams a batch at a time", async () => {
    let pulled = 0;
    function* endless() {
      for (;;) {
        pulled++;
        yield [pulled, "row"];
      }
    }
    const reader = csvStream(["N", "Text"], endless()).getReader();
    for (let i = 0; i < 3; i++) expect((await reader.read()).done).toBe(false);
    // Three chunks read and at most one more asked for ahead, 1 000 rows each.
    expect(pulled).toBeLessThanOrEqual(4_001);
    await reader.cancel();
  });

  test("a reader that stops closes the report's iterator", async () => {
    let closed = false;
    function* rows() {
      try {
        for (let i = 0; ; i++) yield [i];
      } finally {
        closed = true;
      }
    }
    const reader = csvStream(["N"], rows()).getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
