import { inflateSync } from "node:zlib";

/**
 * The text of a pdfkit PDF, for tests: its embedded fonts write glyph ids, so each font's
 * ToUnicode map turns them back into text. One line per text-showing operator. Also returns
 * each page's size and the link annotations' URIs.
 */
export function pdfText(pdf: Buffer): { text: string; lines: string[]; pages: { width: number; height: number }[]; links: string[] } {
  const source = pdf.toString("latin1");
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const streamAt = body.indexOf("stream");
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let raw = body.slice(streamAt + "stream".length).replace(/^\r?\n/, "");
    raw = raw.slice(0, raw.lastIndexOf("endstream")).replace(/\r?\n$/, "");
    const bytes = Buffer.from(raw, "latin1");
    const stream = /\/FlateDecode/.test(dict) ? inflateSync(bytes).toString("latin1") : raw;
    objects.set(Number(match[1]), { dict, stream });
  }

  const cmaps = new Map<number, Map<number, string>>();
  const cmapOf = (fontObject: number): Map<number, string> => {
    const cached = cmaps.get(fontObject);
    if (cached) return cached;
    const map = new Map<number, string>();
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObject)?.dict ?? "");
    const cmap = ref ? (objects.get(Number(ref[1]))?.stream ?? "") : "";
    for (const range of cmap.matchAll(/<([0-9a-fA-F]+)> <([0-9a-fA-F]+)> \[([^\]]*)\]/g)) {
      const start = parseInt(range[1]!, 16);
      // A ligature's entry holds several code units: <0066 0066>.
      [...range[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((unicode, i) => {
        const units = unicode[1]!
          .replace(/\s+/g, "")
          .match(/.{4}/g)!
          .map((unit) => parseInt(unit, 16));
        map.set(start + i, String.fromCharCode(...units));
      });
    }
    cmaps.set(fontObject, map);
    return map;
  };

  const fontRefs = new Map<string, number>();
  for (const { dict } of objects.values()) {
    for (const font of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontRefs.set(font[1]!, Number(font[2]));
  }

  const lines: string[] = [];
  const pages: { width: number; height: number }[] = [];
  const links: string[] = [];
  for (const { dict } of objects.values()) {
    const box = /\/Type \/Page\b[\s\S]*?\/MediaBox \[([\d.\s]+)\]/.exec(dict);
    if (box) {
      const [, , width, height] = box[1]!.trim().split(/\s+/).map(Number);
      pages.push({ width: width!, height: height! });
    }
    const uri = /\/URI \(([^)]*)\)/.exec(dict);
    if (uri) links.push(uri[1]!.replace(/\\(.)/g, "$1"));
  }
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/Length1|\/Subtype|CMapName|\/Type \/XObject/.test(dict) || stream.includes("begincmap")) continue;
    let map = new Map<number, string>();
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\] TJ|<([0-9a-fA-F]*)> Tj/g)) {
      if (op[1]) {
        map = cmapOf(fontRefs.get(op[1]) ?? -1);
        continue;
      }
      const hex = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join("") : op[3]!;
      lines.push((hex.match(/.{4}/g) ?? []).map((glyph) => map.get(parseInt(glyph, 16)) ?? "?").join(""));
    }
  }
  return { text: lines.join("\n"), lines, pages, links };
}
